import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { createTestDatabase } from '../../test/db.ts';
import { LOGIN_THROTTLED, LoginThrottle, accountKey } from './login-throttle.ts';

describe('login throttle', () => {
  const make = () => {
    const waits: number[] = [];
    const throttle = new LoginThrottle({
      perAccountAndIp: 2,
      perIp: 50,
      delayStepMs: 100,
      maxDelayMs: 250,
      sleep: async (ms) => void waits.push(ms),
    });
    return { throttle, waits };
  };

  it('slows every address down once an account has failed too often anywhere, but never refuses the owner', async () => {
    const { throttle, waits } = make();
    const account = accountKey({ id: 7 }, 'ignored');
    expect(await throttle.admit(account, 'a')).toBe(0);
    await throttle.failed(account, 'a');
    await throttle.failed(account, 'b');
    // Two account-wide failures reach the free allowance: the next attempt waits one step.
    expect(await throttle.admit(account, 'c')).toBe(100);
    await throttle.failed(account, 'c');
    expect(await throttle.admit(account, 'd')).toBe(200);
    await throttle.failed(account, 'd');
    await throttle.failed(account, 'e');
    // Capped at maxDelayMs.
    expect(await throttle.admit(account, 'f')).toBe(250);
    expect(waits).toEqual([100, 200, 250]);
    // Another account is not slowed.
    expect(await throttle.admit(accountKey({ id: 8 }, 'x'), 'c')).toBe(0);
  });

  it('refuses an address after its failures on one account, with the wait until the window ends', async () => {
    const { throttle } = make();
    const account = accountKey(undefined, '  Desconocido ');
    expect(account).toBe('name:desconocido');
    await throttle.failed(account, 'a');
    await throttle.failed(account, 'a');
    const refusal = await throttle.admit(account, 'a').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe('RATE_LIMITED');
    expect((refusal as AppError).message).toBe(LOGIN_THROTTLED);
    const retry = ((refusal as AppError).details as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    // A success from that address clears its failures on the account.
    await throttle.succeeded(account, 'a');
    await expect(throttle.admit(account, 'a')).resolves.toBeGreaterThanOrEqual(0);
  });
});

// Registered only with a PostgreSQL to share the counters through (DATABASE_URL), like every PostgreSQL test.
if (process.env.DATABASE_URL)
  describe('login throttle shared through PostgreSQL', () => {
    it('counts the failures of every process, and a new process keeps them', async () => {
      const database = await createTestDatabase('postgres');
      try {
        const options = { perAccountAndIp: 3, perIp: 50, delayStepMs: 0, counters: database.pool };
        // Two throttles on one database stand for two processes behind a balancer.
        const first = new LoginThrottle(options);
        const second = new LoginThrottle(options);
        const account = accountKey({ id: 1 }, 'x');
        await first.failed(account, '10.0.0.1');
        await second.failed(account, '10.0.0.1');
        await first.failed(account, '10.0.0.1');
        await expect(second.admit(account, '10.0.0.1')).rejects.toThrow(LOGIN_THROTTLED);
        const restarted = new LoginThrottle(options);
        await expect(restarted.admit(account, '10.0.0.1')).rejects.toThrow(LOGIN_THROTTLED);
        expect(await restarted.admit(account, '10.0.0.2')).toBe(0);
        // A very long typed name is stored as a hash, within the table's key size.
        const long = accountKey(undefined, 'n'.repeat(1000));
        await first.failed(long, '10.0.0.1');
        expect(await second.admit(long, '10.0.0.1')).toBe(0);
      } finally {
        await database.close();
      }
    });
  });
