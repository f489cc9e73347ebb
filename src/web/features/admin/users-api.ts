/**
 * Data layer of "Gestión de Usuarios", "Solicitudes" and the tab badges (docs/product.md §8, §10.2;
 * issue 21 items 6–8): queries keyed under `['admin', …]`, one mutation hook per call. Responses
 * are parsed with the shared contract; failures show the server's Spanish sentence in the
 * destructive toast (docs/product.md §13.2), the spec's fixed texts for requests.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type * as z from 'zod/mini';
import { partRequestSchema } from '../../../shared/account.ts';
import type { PartRequestStatus, UserUpdateBody } from '../../../shared/admin.ts';
import { auditPageSchema } from '../../../shared/admin-parts.ts';
import {
  type AdminUser,
  adminCountsSchema,
  adminPartRequestListSchema,
  type adminPartRequestSchema,
  adminUserListSchema,
  adminUserSchema,
  type UsersQuery,
} from '../../../shared/admin-users.ts';
import { messageSchema } from '../../../shared/auth.ts';
import { toast } from '../../components/ui/toast.tsx';
import { ApiError, apiGet, apiRequest, withQuery } from '../../lib/api-client.ts';
import { adminKeys, errorToast, serverMessage } from './api.ts';
import { ADMIN_TEXTS } from './texts.ts';

export type { AdminUser, PartRequestStatus, UsersQuery };

const keys = {
  users: () => [...adminKeys.all(), 'users'] as const,
  requests: () => [...adminKeys.all(), 'part-requests'] as const,
  counts: () => [...adminKeys.all(), 'counts'] as const,
};

/** How often the tab badges refresh on their own, ms. */
const COUNTS_REFRESH_MS = 60_000;

/** The users list's filters without empty values, as query parameters. */
function usersParams(filters: UsersQuery): UsersQuery {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as UsersQuery;
}

const queries = {
  users: (filters: UsersQuery) =>
    queryOptions({
      queryKey: [...keys.users(), 'list', usersParams(filters)] as const,
      queryFn: ({ signal }) => apiGet('/api/users', adminUserListSchema, { ...usersParams(filters) }, signal),
    }),
  pendingUsers: () =>
    queryOptions({
      queryKey: [...keys.users(), 'pending'] as const,
      queryFn: ({ signal }) => apiGet('/api/users/pending', adminUserListSchema, undefined, signal),
    }),
  userAudit: (userId: number) =>
    queryOptions({
      queryKey: [...adminKeys.audit(), 'user', userId] as const,
      queryFn: async ({ signal }) =>
        (await apiGet('/api/admin/audit', auditPageSchema, { entity: 'user', entityId: String(userId), limit: 200 }, signal)).entries,
      staleTime: 0,
    }),
  requests: (status: PartRequestStatus | undefined) =>
    queryOptions({
      queryKey: [...keys.requests(), status ?? 'all'] as const,
      queryFn: ({ signal }) => apiGet('/api/part-requests', adminPartRequestListSchema, { status }, signal),
    }),
  counts: () =>
    queryOptions({
      queryKey: keys.counts(),
      queryFn: ({ signal }) => apiGet('/api/admin/counts', adminCountsSchema, undefined, signal),
      staleTime: 0,
      refetchInterval: COUNTS_REFRESH_MS,
    }),
};

/** URL of the users list as Excel, with the same filters (`GET /api/admin/users.xlsx`). */
export function usersXlsxUrl(filters: UsersQuery): string {
  return withQuery('/api/admin/users.xlsx', { ...usersParams(filters) });
}

// ---------------------------------------------------------------- Gestión de Usuarios

export function useUsers(filters: UsersQuery) {
  return useQuery({ ...queries.users(filters), placeholderData: keepPreviousData });
}

export function usePendingUsers() {
  return useQuery(queries.pendingUsers());
}

export function useUserAudit(userId: number | null) {
  return useQuery({ ...queries.userAudit(userId ?? 0), enabled: userId !== null });
}

/**
 * A user mutation: refreshes the user lists and the audit trail (the badges follow on their own), toasts its outcome
 * (`success` may read the answer) or the server's sentence.
 */
function useUserMutation<V, R>(
  request: (vars: V) => Promise<R>,
  texts: {
    success: (result: R, vars: V) => string;
    failure: string;
    /** A failure the form shows on one of its fields instead (no toast). */
    shownOnField?: (error: unknown) => boolean;
  },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (result, vars) => toast({ title: texts.success(result, vars) }),
    onError: (error) => {
      if (!texts.shownOnField?.(error)) errorToast(serverMessage(error, texts.failure));
    },
    onSettled: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: keys.users() }), client.invalidateQueries({ queryKey: adminKeys.audit() })]);
    },
  });
}

/** What the create form sends: the spec's three fields, plus name and e-mail when typed. */
export interface NewUserBody {
  username: string;
  password: string;
  profileType: 'client' | 'distributor';
  fullName?: string;
  email?: string;
}

/**
 * The form field a refusal names as taken: one of `fields` for a 409 CONFLICT whose `field` names it
 * (a username, e-mail or client code another account has, docs/product.md §10.2), keyed on the code
 * and field, never the message; null for any other failure.
 */
export function takenField<F extends string>(error: unknown, fields: readonly F[]): F | null {
  if (!(error instanceof ApiError) || error.code !== 'CONFLICT') return null;
  return fields.find((field) => field === error.field) ?? null;
}

/** The create form's fields a 409 may name. */
export const CREATE_TAKEN_FIELDS = ['username', 'email'] as const;
/** The edit form's fields a 409 may name. */
export const EDIT_TAKEN_FIELDS = ['username', 'email', 'clientCode'] as const;

/** `POST /api/admin/users`: toasts "Usuario creado"; a taken name or e-mail is left to the form's field ({@link takenField}). */
export function useCreateUser() {
  return useUserMutation((body: NewUserBody) => apiRequest('/api/admin/users', adminUserSchema, { method: 'POST', body }), {
    success: () => 'Usuario creado',
    failure: 'No se pudo crear el usuario',
    shownOnField: (error) => takenField(error, CREATE_TAKEN_FIELDS) !== null,
  });
}

export function useApproveUser() {
  return useUserMutation(
    ({ id, clientCode }: { id: number; clientCode: string }) =>
      apiRequest(`/api/users/${id}/approve`, adminUserSchema, { method: 'PATCH', body: clientCode ? { clientCode } : {} }),
    {
      success: (user) =>
        user.email ? `Usuario aprobado. Se le avisó a ${user.email}.` : 'Usuario aprobado. No tiene email: avísele por otro medio.',
      failure: 'No se pudo aprobar el usuario',
    },
  );
}

export function useRejectUser() {
  return useUserMutation(
    ({ id, reason }: { id: number; reason: string }) =>
      apiRequest(`/api/users/${id}/reject`, messageSchema, { method: 'POST', body: { reason } }),
    { success: (answer) => answer.message, failure: 'No se pudo rechazar la solicitud' },
  );
}

export function useSetClientCode() {
  return useUserMutation(
    ({ id, clientCode }: { id: number; clientCode: string }) =>
      apiRequest(`/api/users/${id}/client-code`, adminUserSchema, { method: 'PATCH', body: { clientCode: clientCode || null } }),
    { success: () => 'Código de cliente actualizado', failure: 'No se pudo actualizar el código de cliente' },
  );
}

/** `PATCH /api/users/:id`: toasts "Usuario actualizado"; a taken name, e-mail or client code is left to the form's field. */
export function useUpdateUser() {
  return useUserMutation(
    ({ id, ...body }: UserUpdateBody & { id: number }) => apiRequest(`/api/users/${id}`, adminUserSchema, { method: 'PATCH', body }),
    {
      success: () => 'Usuario actualizado',
      failure: 'No se pudo actualizar el usuario',
      shownOnField: (error) => takenField(error, EDIT_TAKEN_FIELDS) !== null,
    },
  );
}

export function useSetUserType() {
  return useUserMutation(
    ({ id, profileType }: { id: number; profileType: 'client' | 'distributor' }) =>
      apiRequest(`/api/users/${id}/type`, adminUserSchema, { method: 'PATCH', body: { profileType } }),
    { success: () => 'Tipo de usuario actualizado', failure: 'No se pudo cambiar el tipo de usuario' },
  );
}

export function useSetUserDisabled() {
  return useUserMutation(
    ({ id, disabled }: { id: number; disabled: boolean }) =>
      apiRequest(`/api/users/${id}/disabled`, adminUserSchema, { method: 'PATCH', body: { disabled } }),
    {
      success: (user) => (user.disabledAt ? `${user.username} quedó deshabilitado` : `${user.username} puede ingresar de nuevo`),
      failure: 'No se pudo cambiar el estado del usuario',
    },
  );
}

export function useSendPasswordLink() {
  return useUserMutation(({ id }: { id: number }) => apiRequest(`/api/users/${id}/password-link`, messageSchema, { method: 'POST' }), {
    success: (answer) => answer.message,
    failure: 'No se pudo enviar el enlace',
  });
}

export function useDeleteUser() {
  return useUserMutation(({ id }: { id: number }) => apiRequest(`/api/users/${id}`, messageSchema, { method: 'DELETE' }), {
    success: () => 'Usuario eliminado',
    failure: 'No se pudo eliminar el usuario',
  });
}

// ---------------------------------------------------------------- Solicitudes

export function usePartRequests(status: PartRequestStatus | undefined) {
  return useQuery({ ...queries.requests(status), placeholderData: keepPreviousData });
}

export function useSetRequestStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: PartRequestStatus }) =>
      apiRequest(`/api/part-requests/${id}/status`, partRequestSchema, { method: 'PATCH', body: { status } }),
    onSuccess: (updated) => {
      // The answer carries the request without the sender's contact data: keep the cached one's.
      client.setQueriesData<z.infer<typeof adminPartRequestSchema>[]>({ queryKey: keys.requests() }, (old) =>
        old?.map((r) => (r.id === updated.id ? { ...r, ...updated } : r)),
      );
      toast({ title: 'Estado actualizado' });
    },
    onError: () => errorToast(ADMIN_TEXTS.requestStatusFailed),
    onSettled: () => client.invalidateQueries({ queryKey: keys.requests() }),
  });
}

export function useDeleteRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number }) => apiRequest(`/api/part-requests/${id}`, messageSchema, { method: 'DELETE' }),
    onSuccess: (_data, { id }) => {
      client.setQueriesData<z.infer<typeof adminPartRequestSchema>[]>({ queryKey: keys.requests() }, (old) =>
        old?.filter((r) => r.id !== id),
      );
      toast({ title: 'Solicitud eliminada' });
    },
    onError: () => errorToast(ADMIN_TEXTS.requestDeleteFailed),
    onSettled: () => client.invalidateQueries({ queryKey: keys.requests() }),
  });
}

// ---------------------------------------------------------------- Tab badges

/** The pending counts of the tab badges (`GET /api/admin/counts`), refreshed every minute. */
export function useAdminCounts() {
  return useQuery(queries.counts());
}

/**
 * Refreshes the tab badges whenever one of the panel's changes ends (any mutation: an approval, a
 * request's status, a pedido's status), so a badge follows the work done in its tab. Call it once.
 */
export function useRefreshCountsAfterChanges(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        const ended = event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'error');
        if (ended) void client.invalidateQueries({ queryKey: keys.counts() });
      }),
    [client],
  );
}
