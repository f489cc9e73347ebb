/**
 * The dialogs of "Gestión de Usuarios" (docs/product.md §10.2): edit, reject a request with its
 * reason, disable, delete (which offers disabling first) and the user's history. Each says what it
 * will do before doing it.
 */
import { type ReactNode, useEffect } from 'react';
import * as z from 'zod/mini';
import { userUpdateBodySchema } from '../../../../shared/admin.ts';
import { MAX_REJECTION_REASON, rejectBodySchema } from '../../../../shared/admin-users.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField, SelectField, TextAreaField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../lib/form.ts';
import {
  type AdminUser,
  EDIT_TAKEN_FIELDS,
  takenField,
  useDeleteUser,
  useRejectUser,
  useSetUserDisabled,
  useUpdateUser,
  useUserAudit,
} from '../users-api.ts';
import { serverMessage } from '../api.ts';
import { LeaveGuardProvider, useUnsavedChanges } from '../lib/leave-guard.tsx';
import { ADMIN_TEXTS } from '../texts.ts';
import { AuditEntryList } from './audit-entries.tsx';
import { EmptyState, ErrorState, LoadingState, PROFILE_TYPE_OPTIONS } from './ui.tsx';

/** The exact confirmation of docs/product.md §10.2 "Gestión de Usuarios". */
export function deleteConfirmation(username: string): string {
  return `¿Estás seguro de que deseas eliminar al usuario ${username}?`;
}

/**
 * "Eliminar usuario": the spec's confirmation, what deleting loses, and "Deshabilitar" instead for
 * an enabled account (it keeps the account and its history).
 */
export function DeleteUserDialog({
  user,
  onClose,
  onDeleted,
}: {
  user: AdminUser | null;
  onClose: () => void;
  /** After the account is deleted (the list moves the focus to the next one). */
  onDeleted?: (user: AdminUser) => void;
}) {
  const mutation = useDeleteUser();
  const disable = useSetUserDisabled();
  return (
    <ConfirmDialog
      open={user !== null}
      title="Eliminar usuario"
      description={user ? deleteConfirmation(user.username) : undefined}
      size="md"
      actionLabel="Eliminar"
      busyLabel="Eliminando..."
      tone="destructive"
      busy={mutation.isPending}
      waiting={disable.isPending}
      actionDisabled={!user}
      extraAction={
        user && !user.disabledAt ? (
          <Button
            variant="secondary"
            disabled={mutation.isPending}
            busy={disable.isPending}
            onClick={() => disable.mutate({ id: user.id, disabled: true }, { onSuccess: onClose })}
          >
            {disable.isPending ? 'Deshabilitando...' : 'Deshabilitar'}
          </Button>
        ) : null
      }
      onCancel={onClose}
      onConfirm={() => {
        if (user)
          mutation.mutate(
            { id: user.id },
            {
              onSuccess: () => {
                onDeleted?.(user);
                onClose();
              },
            },
          );
      }}
    >
      <p>
        Se borra la cuenta y se cierran sus sesiones; no se puede deshacer. Sus pedidos quedan sin usuario.
        {user && !user.disabledAt ? ' Si solo quiere impedir que ingrese, deshabilítelo: la cuenta y su historial se conservan.' : ''}
      </p>
    </ConfirmDialog>
  );
}

/** "Deshabilitar usuario": says what it does (no login, sessions end, data kept) before doing it. */
export function DisableUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const mutation = useSetUserDisabled();
  return (
    <ConfirmDialog
      open={user !== null}
      title="Deshabilitar usuario"
      description={user ? `¿Deshabilitar a ${user.username}?` : undefined}
      size="md"
      actionLabel="Deshabilitar"
      busyLabel="Deshabilitando..."
      tone="destructive"
      busy={mutation.isPending}
      actionDisabled={!user}
      onCancel={onClose}
      onConfirm={() => {
        if (user) mutation.mutate({ id: user.id, disabled: true }, { onSuccess: onClose });
      }}
    >
      <p>
        No podrá ingresar y se cerrarán sus sesiones abiertas. Su cuenta, sus pedidos y su historial se conservan; puede habilitarlo de
        nuevo cuando quiera.
      </p>
    </ConfirmDialog>
  );
}

function RejectForm({
  user,
  onClose,
  onCancel,
  onRejected,
}: {
  user: AdminUser;
  onClose: () => void;
  onCancel: () => void;
  onRejected?: (user: AdminUser) => void;
}) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isDirty },
  } = useZodForm(rejectBodySchema, { defaultValues: { reason: '' } });
  useUnsavedChanges(isDirty);
  const mutation = useRejectUser();
  useEffect(() => setFocus('reason'), [setFocus]);
  const submit = handleSubmit(({ reason }) => {
    if (mutation.isPending) return;
    mutation.mutate(
      { id: user.id, reason },
      {
        onSuccess: () => {
          onRejected?.(user);
          onClose();
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <p className="text-sm text-slate-700">
        {user.email
          ? `Se le enviará un email a ${user.email} con el motivo. La solicitud se borra y podrá pedir acceso de nuevo.`
          : 'No tiene email: no se le avisará. La solicitud se borra y podrá pedir acceso de nuevo.'}
      </p>
      <TextAreaField
        label="Motivo del rechazo"
        rows={3}
        maxLength={MAX_REJECTION_REASON}
        error={errors.reason?.message}
        {...register('reason')}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={mutation.isPending}>
          Cancelar
        </Button>
        <Button type="submit" variant="accent" busy={mutation.isPending}>
          {mutation.isPending ? 'Rechazando...' : 'Rechazar solicitud'}
        </Button>
      </div>
    </form>
  );
}

/**
 * A dialog holding a form of `user`: closing it (Escape, "Cerrar", a click outside, "Cancelar", the
 * back button) with something typed and not sent asks "Hay cambios sin guardar" first
 * (docs/product.md §10.2). The form marks itself with `useUnsavedChanges` and cancels with `cancel`.
 */
function GuardedUserDialog({
  user,
  title,
  size,
  onClose,
  children,
}: {
  user: AdminUser | null;
  title: string;
  size: 'md' | 'lg';
  onClose: () => void;
  children: (user: AdminUser, cancel: () => void) => ReactNode;
}) {
  return (
    <LeaveGuardProvider message={ADMIN_TEXTS.unsavedUser(user?.username ?? '')}>
      {(leave) => (
        <Dialog open={user !== null} onOpenChange={(open) => !open && leave.request(onClose)} title={title} size={size}>
          {user ? children(user, () => leave.request(onClose)) : null}
        </Dialog>
      )}
    </LeaveGuardProvider>
  );
}

/**
 * "Rechazar solicitud": a pending request refused with a reason (at most 500 characters) the
 * applicant receives by e-mail (docs/product.md §10.2). `onRejected` is called once the server
 * removed the request, before the dialog closes.
 */
export function RejectUserDialog({
  user,
  onClose,
  onRejected,
}: {
  user: AdminUser | null;
  onClose: () => void;
  onRejected?: (user: AdminUser) => void;
}) {
  return (
    <GuardedUserDialog
      user={user}
      title={user ? `Rechazar la solicitud de ${user.username}` : 'Rechazar solicitud'}
      size="md"
      onClose={onClose}
    >
      {(shown, cancel) => <RejectForm key={shown.id} user={shown} onClose={onClose} onCancel={cancel} onRejected={onRejected} />}
    </GuardedUserDialog>
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

function EditUserForm({ user, onClose, onCancel }: { user: AdminUser; onClose: () => void; onCancel: () => void }) {
  const {
    register,
    handleSubmit,
    setFocus,
    setError,
    formState: { errors, isDirty },
  } = useZodForm(editUserFormSchema, { defaultValues: toForm(user) });
  useUnsavedChanges(isDirty);
  const mutation = useUpdateUser();
  // Focus the first field when the dialog opens (runs before the dialog's own focus scope).
  useEffect(() => setFocus('username'), [setFocus]);

  // A name, e-mail or client code another account has is said on its field, which takes the focus.
  const submit = handleSubmit((values) =>
    mutation.mutate(
      { id: user.id, ...values },
      {
        onSuccess: onClose,
        onError: (error) => {
          const field = takenField(error, EDIT_TAKEN_FIELDS);
          if (field) setError(field, { type: 'server', message: serverMessage(error, 'Ya está en uso') }, { shouldFocus: true });
        },
      },
    ),
  );
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
        <Button variant="outline" onClick={onCancel} disabled={mutation.isPending}>
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
    <GuardedUserDialog user={user} title={user ? `Editar usuario ${user.username}` : 'Editar usuario'} size="lg" onClose={onClose}>
      {(shown, cancel) => <EditUserForm key={shown.id} user={shown} onClose={onClose} onCancel={cancel} />}
    </GuardedUserDialog>
  );
}

/**
 * The account's audit entries (newest first), one card per change as in Historial: a table would
 * scroll sideways inside the dialog on a 390 px phone (docs/product.md §10.2 "The user's audit
 * history is shown").
 */
function UserHistory({ userId }: { userId: number }) {
  const { data, error, isPending, isError, refetch } = useUserAudit(userId);
  if (isPending) return <LoadingState />;
  if (isError) return <ErrorState error={error} message="No se pudo cargar el historial." onRetry={() => void refetch()} />;
  if (data.length === 0) return <EmptyState>Sin cambios registrados.</EmptyState>;
  return <AuditEntryList entries={data} label="Historial de cambios" showSubject={false} />;
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
      {user ? <UserHistory userId={user.id} /> : null}
    </Dialog>
  );
}
