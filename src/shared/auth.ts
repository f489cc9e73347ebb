/**
 * Accounts contract (spec sections 3, 5, 7): request bodies and responses of the auth, session,
 * profile, part-request and user-administration calls. Unknown keys in bodies are stripped, so a
 * body cannot choose its own type, approval, client code or price list (mass assignment).
 */
import { z } from 'zod';

/** Minimum password length (spec 9). */
export const MIN_PASSWORD = 6;
/** Maximum length of a part request / feedback message (spec 9). */
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
} as const;

const username = z
  .string({ error: 'El usuario es obligatorio' })
  .trim()
  .min(3, { error: 'El usuario debe tener al menos 3 caracteres' })
  .max(60, { error: 'El usuario admite hasta 60 caracteres' })
  .regex(/^[\p{L}\p{N}._@+-]+$/u, { error: 'El usuario solo admite letras, números y . _ @ + -' });
const password = z
  .string({ error: 'La contraseña es obligatoria' })
  .min(MIN_PASSWORD, { error: TEXTS.passwordTooShort })
  .max(200, { error: 'La contraseña admite hasta 200 caracteres' });
const optionalText = (max: number) => z.string().trim().max(max, { error: `Admite hasta ${max} caracteres` }).optional();
const email = z.string().trim().max(200).pipe(z.email({ error: 'El email no es válido' }));

export const loginUserTypeSchema = z.enum(['client', 'distributor', 'admin']);

export const loginBodySchema = z.object({
  username: z.string({ error: 'El usuario es obligatorio' }).trim().min(1, { error: 'El usuario es obligatorio' }).max(200),
  password: z.string({ error: 'La contraseña es obligatoria' }).min(1, { error: 'La contraseña es obligatoria' }).max(200),
  userType: loginUserTypeSchema.default('client'),
});

export const registerBodySchema = z.object({
  username,
  password,
  fullName: z.string({ error: 'El nombre es obligatorio' }).trim().min(1, { error: 'El nombre es obligatorio' }).max(120),
  email,
  phone: optionalText(40),
  company: optionalText(120),
});

export const forgotBodySchema = z.object({
  usernameOrEmail: z.string({ error: 'Ingrese su usuario o email' }).trim().min(1, { error: 'Ingrese su usuario o email' }).max(200),
});

export const resetBodySchema = z.object({
  token: z.string({ error: TEXTS.tokenMissing }).min(1, { error: TEXTS.tokenMissing }).max(200),
  newPassword: password,
});

export const profileUpdateSchema = z
  .object({
    fullName: z.string().trim().max(120).optional(),
    email: z.union([email, z.literal('')]).optional(),
    currentPassword: z.string().max(200).optional(),
    newPassword: z.string().min(MIN_PASSWORD, { error: TEXTS.newPasswordTooShort }).max(200).optional(),
  })
  .refine((b) => !b.newPassword || !!b.currentPassword, { error: TEXTS.currentPasswordRequired, path: ['currentPassword'] });

export const sessionUserTypeSchema = z.enum(['guest', 'client', 'distributor', 'admin']);

/** `GET /api/user/session` and the login answer. */
export const sessionSchema = z.object({
  isAuthenticated: z.boolean(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  userType: sessionUserTypeSchema,
  email: z.string().nullable(),
  fullName: z.string().nullable(),
  clientCode: z.string().nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

export const loginResponseSchema = z.object({
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string().nullable(),
    fullName: z.string().nullable(),
    clientCode: z.string().nullable(),
    userType: sessionUserTypeSchema,
  }),
});

export const messageSchema = z.object({ message: z.string() });
export const forgotResponseSchema = z.object({ message: z.string(), resetToken: z.string().optional() });
export const validateTokenResponseSchema = z.object({ valid: z.boolean(), message: z.string() });

export const partRequestBodySchema = z.object({
  message: z
    .string({ error: 'Por favor ingresa tu solicitud' })
    .trim()
    .min(1, { error: 'Por favor ingresa tu solicitud' })
    .max(MAX_FEEDBACK, { error: `El mensaje admite hasta ${MAX_FEEDBACK} caracteres` }),
});

export const partRequestSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  message: z.string(),
  status: z.enum(['pending', 'reviewed', 'completed']),
  createdAt: z.string(),
});

/** A user as admins see it; the password hash never leaves the server. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  clientCode: z.string().nullable(),
  profileType: z.enum(['client', 'distributor', 'admin']),
  isApproved: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const createUserBodySchema = z.object({
  username,
  password,
  profileType: z.enum(['client', 'distributor']),
});

export const approveBodySchema = z.object({
  clientCode: z.string().trim().max(40).optional().nullable(),
});
