/**
 * Login throttling that slows a password guesser down without locking the rightful user out
 * (docs/security.md "Login throttling"). Only failed logins count, in three windows of
 * `windowMs`:
 * - per account and client address: after `perAccountAndIp` failures that address is refused
 *   (429) for that account until the window ends; a successful login clears this counter;
 * - per client address, whatever the account: after `perIp` failures the address is refused;
 * - per account, across all addresses: after `perAccountAndIp` failures every further attempt on
 *   that account waits `delayStepMs` more per failure (at most `maxDelayMs`), and is then checked
 *   as usual, so the owner's correct password from another address still gets in.
 * An account is one key whether it was named by username or by e-mail (`accountKey`). The
 * counters (rate-limiter-flexible) are shared by every process through Redis or PostgreSQL's
 * `rate_limits` table when such a store is given, like the other rate limits
 * (plugins/rate-limit.ts); in memory otherwise (PGlite, one process).
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../../errors.ts';
import { type CounterStore, sharedLimiter, storedKey } from '../../plugins/rate-limit.ts';

/** What the throttle needs to know: failures allowed and the delay step, all per `windowMs`. */
export interface LoginThrottleOptions {
  /** Failures allowed per account and client address per window. */
  perAccountAndIp: number;
  /** Failures allowed per client address per window, whatever the account. */
  perIp: number;
  /** Extra wait per account-wide failure beyond `perAccountAndIp`, ms. */
  delayStepMs: number;
  /** Longest wait, ms. */
  maxDelayMs?: number;
  /** Window length, ms (15 minutes by default). */
  windowMs?: number;
  /** Waits `ms`; tests pass a recorder instead of the real clock. */
  sleep?: (ms: number) => Promise<void>;
  /** Where the counters are shared (`app.counters`: Redis or a PostgreSQL pool); memory without one. */
  counters?: CounterStore;
}

/** The message of a refused login (Spanish, as every text a visitor sees). */
export const LOGIN_THROTTLED = 'Demasiados intentos fallidos. Intente nuevamente más tarde.';

/** The throttle key of an account: its id when it exists, else the folded name that was typed. */
export function accountKey(account: { id: number } | undefined, typed: string): string {
  return account ? `id:${account.id}` : `name:${typed.trim().toLowerCase()}`;
}

export class LoginThrottle {
  private readonly pair: RateLimiterAbstract;
  private readonly ip: RateLimiterAbstract;
  private readonly account: RateLimiterAbstract;
  private readonly options: Required<Omit<LoginThrottleOptions, 'sleep' | 'counters'>> & Pick<LoginThrottleOptions, 'sleep'>;

  constructor(options: LoginThrottleOptions) {
    const { counters, ...rest } = options;
    this.options = { maxDelayMs: 5_000, windowMs: 15 * 60 * 1000, ...rest };
    const duration = Math.ceil(this.options.windowMs / 1000);
    this.pair = sharedLimiter(counters, 'login-pair', duration, this.options.perAccountAndIp);
    this.ip = sharedLimiter(counters, 'login-ip', duration, this.options.perIp);
    // Account-wide failures only slow down: the ceiling is never reached in practice.
    this.account = sharedLimiter(counters, 'login-account', duration, Number.MAX_SAFE_INTEGER);
  }

  /**
   * Called before the password is checked: refuses a throttled address, then waits the
   * account-wide delay.
   * @returns the wait applied, ms (0 when none).
   * @throws AppError RATE_LIMITED {@link LOGIN_THROTTLED} with `details.retryAfterSeconds`.
   */
  async admit(account: string, ip: string): Promise<number> {
    const [pair, byIp, byAccount] = await Promise.all([
      this.pair.get(storedKey(`${account}|${ip}`)),
      this.ip.get(storedKey(ip)),
      this.account.get(storedKey(account)),
    ]);
    const refused = [
      pair && pair.consumedPoints >= this.options.perAccountAndIp ? pair.msBeforeNext : 0,
      byIp && byIp.consumedPoints >= this.options.perIp ? byIp.msBeforeNext : 0,
    ];
    const waitMs = Math.max(...refused);
    if (waitMs > 0) {
      throw new AppError('RATE_LIMITED', LOGIN_THROTTLED, { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });
    }
    const over = (byAccount?.consumedPoints ?? 0) - this.options.perAccountAndIp + 1;
    const delay = over > 0 ? Math.min(this.options.maxDelayMs, over * this.options.delayStepMs) : 0;
    if (delay > 0) await (this.options.sleep ?? defaultSleep)(delay);
    return delay;
  }

  /** Counts a failed login of `account` from `ip`. */
  async failed(account: string, ip: string): Promise<void> {
    await Promise.all([
      this.pair.penalty(storedKey(`${account}|${ip}`), 1),
      this.ip.penalty(storedKey(ip), 1),
      this.account.penalty(storedKey(account), 1),
    ]);
  }

  /** A successful login clears the failures of that account from that address. */
  async succeeded(account: string, ip: string): Promise<void> {
    await this.pair.delete(storedKey(`${account}|${ip}`));
  }
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
