/**
 * Accounts contract (docs/product.md §7, §8, §12): request bodies and responses of the auth, session,
 * profile, part-request and user-administration calls. Unknown keys in bodies are stripped, so a
 * body cannot choose its own type, approval, client code or price list (mass assignment).
 */
import * as z from 'zod/mini';

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
} as const;

/** An integer (a safe one), as classic zod's `z.number().int()`. */
const int = () => z.number().check(z.int());

/** Messages of the length limits (Spanish, as every message a visitor can see). */
const PASSWORD_TOO_LONG = 'La contraseña admite hasta 200 caracteres';
const FULL_NAME_TOO_LONG = 'El nombre admite hasta 120 caracteres';
const username = z
  .string({ error: 'El usuario es obligatorio' })
  .check(
    z.trim(),
    z.minLength(3, { error: 'El usuario debe tener al menos 3 caracteres' }),
    z.maxLength(60, { error: 'El usuario admite hasta 60 caracteres' }),
    z.regex(/^[\p{L}\p{N}._@+-]+$/u, { error: 'El usuario solo admite letras, números y . _ @ + -' }),
  );
const password = z
  .string({ error: 'La contraseña es obligatoria' })
  .check(z.minLength(MIN_PASSWORD, { error: TEXTS.passwordTooShort }), z.maxLength(200, { error: PASSWORD_TOO_LONG }));
const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, { error: `Admite hasta ${max} caracteres` })));
const email = z.pipe(
  z.string().check(z.trim(), z.maxLength(200, { error: 'El email admite hasta 200 caracteres' })),
  z.email({ error: 'El email no es válido' }),
);

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

export const registerBodySchema = z.object({
  username,
  password,
  fullName: z
    .string({ error: 'El nombre es obligatorio' })
    .check(z.trim(), z.minLength(1, { error: 'El nombre es obligatorio' }), z.maxLength(120, { error: FULL_NAME_TOO_LONG })),
  email,
  phone: optionalText(40),
  company: optionalText(120),
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
  newPassword: password,
});

export const profileUpdateSchema = z
  .object({
    fullName: z.optional(z.string().check(z.trim(), z.maxLength(120, { error: FULL_NAME_TOO_LONG }))),
    email: z.optional(z.union([email, z.literal('')])),
    currentPassword: z.optional(z.string().check(z.maxLength(200, { error: PASSWORD_TOO_LONG }))),
    newPassword: z.optional(
      z.string().check(z.minLength(MIN_PASSWORD, { error: TEXTS.newPasswordTooShort }), z.maxLength(200, { error: PASSWORD_TOO_LONG })),
    ),
  })
  .check(z.refine((b) => !b.newPassword || !!b.currentPassword, { error: TEXTS.currentPasswordRequired, path: ['currentPassword'] }));

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

/** A user as admins see it; the password hash never leaves the server. */
export const adminUserSchema = z.object({
  id: int(),
  username: z.string(),
  fullName: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  company: z.nullable(z.string()),
  clientCode: z.nullable(z.string()),
  profileType: z.enum(['client', 'distributor', 'admin']),
  isApproved: z.boolean(),
  /** ISO 8601 when an admin disabled the account (it cannot log in); null while enabled. */
  disabledAt: z.nullable(z.string()),
  /** ISO 8601 of the last successful login; null when it never logged in. */
  lastLoginAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
/** `GET /api/users` and `GET /api/users/pending`. */
export const adminUserListSchema = z.array(adminUserSchema);

/** `POST /api/admin/users`: the spec's three fields, plus the person's full name and e-mail (optional). */
export const createUserBodySchema = z.object({
  username,
  password,
  profileType: z.enum(['client', 'distributor'], { error: 'El tipo debe ser Cliente o Distribuidor' }),
  fullName: z.optional(z.string().check(z.trim(), z.maxLength(120, { error: FULL_NAME_TOO_LONG }))),
  email: z.optional(z.union([email, z.literal('')], { error: 'El email no es válido' })),
});

export const approveBodySchema = z.object({
  clientCode: z.nullable(
    z.optional(z.string().check(z.trim(), z.maxLength(40, { error: 'El código de cliente admite hasta 40 caracteres' }))),
  ),
});
/** Body of `PATCH /api/users/:id/approve`: {@link approveBodySchema}, or none at all. */
export const approveUserBodySchema = z.optional(approveBodySchema);
