import { useEffect } from 'react';
import * as z from 'zod/mini';
import { userUpdateBodySchema } from '../../../../shared/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField, SelectField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../lib/form.ts';
import { type AdminUser, useDeleteUser, useUpdateUser, useUserAudit } from '../api.ts';
import { actionLabel, diffAudit } from '../lib/audit-diff.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { EmptyState, ErrorState, LoadingState, PROFILE_TYPE_OPTIONS, TableScroll, td, th } from './ui.tsx';

/** The exact confirmation of docs/product.md §10.2 "Gestión de Usuarios". */
export function deleteConfirmation(username: string): string {
  return `¿Estás seguro de que deseas eliminar al usuario ${username}?`;
}

export function DeleteUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const mutation = useDeleteUser();
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Eliminar usuario"
      description={user ? deleteConfirmation(user.username) : undefined}
      size="sm"
      hideCloseButton
    >
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
          Cancelar
        </Button>
        <Button
          variant="accent"
          disabled={mutation.isPending || !user}
          onClick={() => {
            if (user) mutation.mutate({ id: user.id }, { onSuccess: onClose });
          }}
        >
          {mutation.isPending ? 'Eliminando...' : 'Eliminar'}
        </Button>
      </div>
    </Dialog>
  );
}

/** The edit form: the body rules of `PATCH /api/users/:id` (shared), with the username required. */
const editUserFormSchema = z.extend(userUpdateBodySchema, {
  username: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, { error: 'El usuario debe tener al menos 3 caracteres' }),
      z.maxLength(60, { error: 'El usuario admite hasta 60 caracteres' }),
    ),
});

function toForm(user: AdminUser): z.input<typeof editUserFormSchema> {
  return {
    username: user.username,
    fullName: user.fullName ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    company: user.company ?? '',
    clientCode: user.clientCode ?? '',
    ...(user.profileType === 'admin' ? {} : { profileType: user.profileType }),
  };
}

function EditUserForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useZodForm(editUserFormSchema, { defaultValues: toForm(user) });
  const mutation = useUpdateUser();
  // Focus the first field when the dialog opens (runs before the dialog's own focus scope).
  useEffect(() => setFocus('username'), [setFocus]);

  const submit = handleSubmit((values) => mutation.mutate({ id: user.id, ...values }, { onSuccess: onClose }));
  const field = { density: 'compact', autoComplete: 'off' } as const;

  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Usuario" requiredMark {...field} error={errors.username?.message} {...register('username')} />
        <FormField label="Nombre completo" {...field} error={errors.fullName?.message} {...register('fullName')} />
        <FormField label="Email" type="email" {...field} error={errors.email?.message} {...register('email')} />
        <FormField label="Teléfono" type="tel" {...field} error={errors.phone?.message} {...register('phone')} />
        <FormField label="Empresa" {...field} error={errors.company?.message} {...register('company')} />
        <FormField label="Código de cliente" {...field} error={errors.clientCode?.message} {...register('clientCode')} />
        {user.profileType !== 'admin' ? (
          <SelectField label="Tipo" density="compact" options={PROFILE_TYPE_OPTIONS} {...register('profileType')} />
        ) : null}
      </div>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Guardando...' : 'Guardar'}
        </Button>
      </div>
    </form>
  );
}

export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={user ? `Editar usuario ${user.username}` : 'Editar usuario'}
      size="lg"
    >
      {user ? <EditUserForm key={user.id} user={user} onClose={onClose} /> : null}
    </Dialog>
  );
}

function HistoryTable({ userId }: { userId: number }) {
  const { data, error, isPending, isError, refetch } = useUserAudit(userId);
  if (isPending) return <LoadingState />;
  if (isError) return <ErrorState error={error} message="No se pudo cargar el historial." onRetry={() => void refetch()} />;
  if (data.length === 0) return <EmptyState>Sin cambios registrados.</EmptyState>;
  return (
    <TableScroll label="Historial de cambios">
      <thead>
        <tr>
          <th scope="col" className={th}>
            Fecha
          </th>
          <th scope="col" className={th}>
            Realizado por
          </th>
          <th scope="col" className={th}>
            Acción
          </th>
          <th scope="col" className={th}>
            Antes → Después
          </th>
        </tr>
      </thead>
      <tbody>
        {data.map((entry) => {
          const changes = diffAudit(entry.before, entry.after);
          return (
            <tr key={entry.id}>
              <td className={`${td} whitespace-nowrap`}>{formatDateTime(entry.createdAt)}</td>
              <td className={td}>{entry.actorUsername}</td>
              <td className={td}>{actionLabel(entry.action)}</td>
              <td className={td}>
                {changes.length === 0 ? (
                  <span className="text-slate-400">—</span>
                ) : (
                  <ul className="grid gap-0.5">
                    {changes.map((c) => (
                      <li key={c.field}>
                        <span className="font-medium">{c.field}:</span> {c.before} → {c.after}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </TableScroll>
  );
}

export function UserHistoryDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={user ? `Historial de ${user.username}` : 'Historial'}
      size="xl"
    >
      {user ? <HistoryTable userId={user.id} /> : null}
    </Dialog>
  );
}
