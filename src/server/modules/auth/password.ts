/**
 * Password hashing with argon2id at OWASP's minimum parameters (m = 19 MiB, t = 2, p = 1), and the
 * rule for a new password (docs/product.md, accounts): at least 6 characters (checked by the shared
 * schemas) and not one of the common passwords attackers try first. Hashes are PHC strings; they
 * never leave the server.
 */
import { hash, verify } from '@node-rs/argon2';
import { TEXTS } from '../../../shared/auth.ts';
import { AppError } from '../../errors.ts';

// algorithm 2 = Argon2id (a const enum that verbatimModuleSyntax cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password (argon2id PHC string). Use {@link hashNewPassword} for a password a person chose. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** The common-password list (49,233 entries of zxcvbn-ts), lower case, loaded on first use. */
let commonPasswords: Promise<Set<string>> | undefined;

function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    (module) => new Set(module.dictionary['passwords-common'].map((p: string) => p.toLowerCase())),
  );
  return commonPasswords;
}

/**
 * True when a password is one attackers try first: on the common-password list (ignoring case), or
 * a single character repeated (`aaaaaa`, `111111`).
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  if (/^(.)\1*$/su.test(password)) return true;
  return (await loadCommonPasswords()).has(password.toLowerCase());
}

/**
 * Checks a password a person chose (registration, admin-created user, password change or reset)
 * and hashes it.
 * @throws AppError VALIDATION {@link TEXTS.passwordTooCommon} for a common password.
 */
export async function hashNewPassword(password: string): Promise<string> {
  if (await isCommonPassword(password)) throw new AppError('VALIDATION', TEXTS.passwordTooCommon);
  return hashPassword(password);
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
