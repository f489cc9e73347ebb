/**
 * Accounts contract (docs/product.md §7, §8, §12): request bodies and responses of the auth, session,
 * profile, part-request and user-administration calls. Unknown keys in bodies are stripped, so a
 * body cannot choose its own type, approval, client code or price list (mass assignment).
 */
import * as z from 'zod/mini';
import { int } from './int.ts';

/** Minimum password length (docs/product.md §7.2). */
export const MIN_PASSWORD = 6;
/** Maximum length of a part request / feedback message (docs/product.md §8). */
export const MAX_FEEDBACK = 500;

export const TEXTS = {
  passwordMismatch: 'Las contraseñas no coinciden',
  passwordTooShort: 'La contraseña debe tener al menos 6 caracteres',
  newPasswordTooShort: 'La nueva contraseña debe tener al menos 6 caracteres',
  currentPasswordRequired: 'Debe ingresar su contraseña actual para cambiarla',
  loginFailed: 'Usuario o contraseña incorrectos',
  pendingApproval: 'Su solicitud de acceso está pendiente de aprobación.',
  registered: 'Su solicitud ha sido enviada. Recibirá una notificación cuando sea aprobada.',
  forgotSent: 'Si la cuenta existe, recibirás un email con instrucciones para restablecer tu contraseña.',
  tokenMissing: 'Token no proporcionado',
  tokenInvalid: 'Token inválido o expirado',
  passwordTooCommon: 'Esa contraseña es demasiado común y fácil de adivinar. Elija otra.',
  usernameTaken: 'El nombre de usuario ya está en uso',
  emailChangeNeedsPassword: 'Debe ingresar su contraseña actual para cambiar el email',
  accountDisabled: 'Su cuenta está deshabilitada. Comuníquese con su proveedor.',
  /** A distributor's right password at the client door (docs/product.md §7.3). */
  wrongDoorDistributor: 'Esta cuenta es de distribuidor: ingrese en Acceso de Distribuidor.',
  /** A client's right password at the distributor door (docs/product.md §7.3). */
  wrongDoorClient: 'Esta cuenta es de cliente: ingrese en Acceso de Cliente, desde la pantalla de inicio.',
} as const;

/** Message of the password length limit (Spanish, as every message a visitor can see). */
export const PASSWORD_TOO_LONG = 'La contraseña admite hasta 200 caracteres';

export const loginUserTypeSchema = z.enum(['client', 'distributor', 'admin']);

export const loginBodySchema = z.object({
  username: z
    .string({ error: 'El usuario es obligatorio' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'El usuario es obligatorio' }),
      z.maxLength(200, { error: 'El usuario admite hasta 200 caracteres' }),
    ),
  password: z
    .string({ error: 'La contraseña es obligatoria' })
    .check(z.minLength(1, { error: 'La contraseña es obligatoria' }), z.maxLength(200, { error: PASSWORD_TOO_LONG })),
  userType: z._default(loginUserTypeSchema, 'client'),
});

export const sessionUserTypeSchema = z.enum(['guest', 'client', 'distributor', 'admin']);

/** `GET /api/user/session` and the login answer. */
export const sessionSchema = z.object({
  isAuthenticated: z.boolean(),
  userId: z.nullable(int()),
  username: z.nullable(z.string()),
  userType: sessionUserTypeSchema,
  email: z.nullable(z.string()),
  fullName: z.nullable(z.string()),
  clientCode: z.nullable(z.string()),
});
export type Session = z.infer<typeof sessionSchema>;

export const loginResponseSchema = z.object({
  user: z.object({
    id: int(),
    username: z.string(),
    email: z.nullable(z.string()),
    fullName: z.nullable(z.string()),
    clientCode: z.nullable(z.string()),
    userType: sessionUserTypeSchema,
  }),
});

export const messageSchema = z.object({ message: z.string() });
export const forgotResponseSchema = z.object({ message: z.string(), resetToken: z.optional(z.string()) });
export const validateTokenResponseSchema = z.object({ valid: z.boolean(), message: z.string() });
