/**
 * Contract of the panel's daily user and request work (issue 21 items 6–8; docs/product.md §8,
 * §10.2): the users list's filters, rejecting an access request, the requests list with the
 * requester's contact data, and the pending counts shown as tab badges.
 */
import * as z from 'zod/mini';
import { emailField, FULL_NAME_TOO_LONG, partRequestSchema, passwordField, usernameField } from './account.ts';
import { PART_REQUEST_STATUSES } from './admin.ts';
import { int } from './int.ts';

/** Most characters of a rejection reason (it is mailed to the applicant). */
export const MAX_REJECTION_REASON = 500;

/** An account's state as the users list filters it: waiting for approval, able to log in, or disabled. */
export const USER_STATES = ['pending', 'active', 'disabled'] as const;
export type UserState = (typeof USER_STATES)[number];
export const USER_STATE_LABELS: Record<UserState, string> = { pending: 'Pendiente', active: 'Activo', disabled: 'Deshabilitado' };
/** An account's state: disabled wins over approval. */
export function userState(user: { isApproved: boolean; disabledAt: string | null }): UserState {
  if (user.disabledAt) return 'disabled';
  return user.isApproved ? 'active' : 'pending';
}

/** Account types as the panel and its spreadsheet name them. */
export const USER_TYPE_LABELS = { client: 'Cliente', distributor: 'Distribuidor', admin: 'Administrador' } as const;

/**
 * Query of `GET /api/users` and `GET /api/admin/users.xlsx`: a text found in the username, name,
 * e-mail, phone, company or client code (ignoring case and accents), the account type and state.
 */
export const usersQuerySchema = z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(200, { error: 'La búsqueda admite hasta 200 caracteres' }))),
  type: z.optional(z.enum(['client', 'distributor', 'admin'], { error: 'El tipo debe ser cliente, distribuidor o administrador' })),
  state: z.optional(z.enum(USER_STATES, { error: 'El estado debe ser pendiente, activo o deshabilitado' })),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;

/** Body of `POST /api/users/:id/reject`: why the request is refused (mailed to the applicant). */
export const rejectBodySchema = z.object({
  reason: z
    .string({ error: 'Indique el motivo del rechazo' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'Indique el motivo del rechazo' }),
      z.maxLength(MAX_REJECTION_REASON, { error: `El motivo admite hasta ${MAX_REJECTION_REASON} caracteres` }),
    ),
});

/** Body of `PATCH /api/users/:id/disabled`. */
export const disabledBodySchema = z.object({ disabled: z.boolean({ error: 'Indique si el usuario queda deshabilitado' }) });

/**
 * A part request as admins list it: the request and its sender's contact data from the account
 * (null when the account was deleted or left the field empty).
 */
export const adminPartRequestSchema = z.extend(partRequestSchema, {
  fullName: z.nullable(z.string()),
  company: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
});
export type AdminPartRequest = z.infer<typeof adminPartRequestSchema>;
/** `GET /api/part-requests`. */
export const adminPartRequestListSchema = z.array(adminPartRequestSchema);

/** Query of `GET /api/part-requests`: one status, or every request. */
export const partRequestsQuerySchema = z.object({
  status: z.optional(z.enum(PART_REQUEST_STATUSES, { error: 'El estado debe ser pendiente, revisada o completada' })),
});

/** `GET /api/admin/counts`: what waits for staff, shown as badges on the panel's tabs. */
export const adminCountsSchema = z.object({
  /** Access requests waiting for approval. */
  pendingUsers: int(),
  /** Part requests still "Pendiente". */
  pendingRequests: int(),
  /** Pedidos still "Recibido". */
  newOrders: int(),
});
export type AdminCounts = z.infer<typeof adminCountsSchema>;

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
  username: usernameField,
  password: passwordField,
  profileType: z.enum(['client', 'distributor'], { error: 'El tipo debe ser Cliente o Distribuidor' }),
  fullName: z.optional(z.string().check(z.trim(), z.maxLength(120, { error: FULL_NAME_TOO_LONG }))),
  email: z.optional(z.union([emailField, z.literal('')], { error: 'El email no es válido' })),
});

export const approveBodySchema = z.object({
  clientCode: z.nullable(
    z.optional(z.string().check(z.trim(), z.maxLength(40, { error: 'El código de cliente admite hasta 40 caracteres' }))),
  ),
});
/** Body of `PATCH /api/users/:id/approve`: {@link approveBodySchema}, or none at all. */
export const approveUserBodySchema = z.optional(approveBodySchema);
