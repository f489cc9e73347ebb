/**
 * Contract of the account forms that open on demand (docs/product.md §7.2, §7.5, §7.6, §8):
 * registration, password recovery and reset, "Mi Perfil", and part requests; the admin's user forms
 * reuse its fields. Apart from src/shared/auth.ts (session and login, which the first screen
 * needs), so that the first screen does not carry these schemas.
 */
import * as z from 'zod/mini';
import { MAX_FEEDBACK, MIN_PASSWORD, PASSWORD_TOO_LONG, TEXTS } from './auth.ts';
import { int } from './int.ts';
import { optionalPhoneField } from './phone.ts';

/** Message of the full-name length limit. */
export const FULL_NAME_TOO_LONG = 'El nombre admite hasta 120 caracteres';
/** A new account's username. */
export const usernameField = z
  .string({ error: 'El usuario es obligatorio' })
  .check(
    z.trim(),
    z.minLength(3, { error: 'El usuario debe tener al menos 3 caracteres' }),
    z.maxLength(60, { error: 'El usuario admite hasta 60 caracteres' }),
    z.regex(/^[\p{L}\p{N}._@+-]+$/u, { error: 'El usuario solo admite letras, números y . _ @ + -' }),
  );
/** A new password. */
export const passwordField = z
  .string({ error: 'La contraseña es obligatoria' })
  .check(z.minLength(MIN_PASSWORD, { error: TEXTS.passwordTooShort }), z.maxLength(200, { error: PASSWORD_TOO_LONG }));
/**
 * An account's full name: trimmed, 1 to 120 characters. Required at registration and kept non-blank
 * in "Mi Perfil", since a pedido takes the customer's name from the account (docs/product.md §7.2,
 * §7.5, §16.3).
 */
export const fullNameField = z
  .string({ error: 'El nombre es obligatorio' })
  .check(z.trim(), z.minLength(1, { error: 'El nombre es obligatorio' }), z.maxLength(120, { error: FULL_NAME_TOO_LONG }));
/** An e-mail address (trimmed, at most 200 characters). */
export const emailField = z.pipe(
  z.string().check(z.trim(), z.maxLength(200, { error: 'El email admite hasta 200 caracteres' })),
  z.email({ error: 'El email no es válido' }),
);

export const registerBodySchema = z.object({
  username: usernameField,
  password: passwordField,
  fullName: fullNameField,
  email: emailField,
  phone: optionalPhoneField,
  company: z.optional(z.string().check(z.trim(), z.maxLength(120, { error: 'La empresa admite hasta 120 caracteres' }))),
});

export const forgotBodySchema = z.object({
  usernameOrEmail: z
    .string({ error: 'Ingrese su usuario o email' })
    .check(z.trim(), z.minLength(1, { error: 'Ingrese su usuario o email' }), z.maxLength(200, { error: 'Admite hasta 200 caracteres' })),
});

/** `GET /api/auth/validate-reset-token/:token`. */
export const resetTokenParamsSchema = z.object({
  token: z.string().check(z.maxLength(200, { error: TEXTS.tokenInvalid })),
});

export const resetBodySchema = z.object({
  token: z.string({ error: TEXTS.tokenMissing }).check(z.minLength(1, { error: TEXTS.tokenMissing }), z.maxLength(200)),
  newPassword: passwordField,
});

export const profileUpdateSchema = z
  .object({
    fullName: z.optional(fullNameField),
    email: z.optional(z.union([emailField, z.literal('')])),
    currentPassword: z.optional(z.string().check(z.maxLength(200, { error: PASSWORD_TOO_LONG }))),
    newPassword: z.optional(
      z.string().check(z.minLength(MIN_PASSWORD, { error: TEXTS.newPasswordTooShort }), z.maxLength(200, { error: PASSWORD_TOO_LONG })),
    ),
  })
  .check(z.refine((b) => !b.newPassword || !!b.currentPassword, { error: TEXTS.currentPasswordRequired, path: ['currentPassword'] }));

export const partRequestBodySchema = z.object({
  message: z
    .string({ error: 'Por favor ingresa tu solicitud' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'Por favor ingresa tu solicitud' }),
      z.maxLength(MAX_FEEDBACK, { error: `El mensaje admite hasta ${MAX_FEEDBACK} caracteres` }),
    ),
});

export const partRequestSchema = z.object({
  id: int(),
  username: z.string(),
  message: z.string(),
  status: z.enum(['pending', 'reviewed', 'completed']),
  createdAt: z.string(),
});
