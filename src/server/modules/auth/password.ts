/**
 * Password hashing with argon2id at OWASP's minimum parameters (m = 19 MiB, t = 2, p = 1).
 * Hashes are PHC strings; they never leave the server.
 */
import { hash, verify } from '@node-rs/argon2';

// algorithm 2 = Argon2id (a const enum that verbatimModuleSyntax cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password (argon2id PHC string). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of a random password, verified against when a user is unknown so timing reveals nothing. */
let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with `passwordHash` null it still spends the same work and returns false.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(`dummy-${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
