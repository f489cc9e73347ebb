import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { type AdminUser, type UserUpdate, useDeleteUser, useUpdateUser, useUserAudit } from '../api.ts';
import { actionLabel, diffAudit } from '../lib/audit-diff.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { EmptyState, ErrorState, LoadingState, ProfileTypeField, TableScroll, TextField, td, th } from './ui.tsx';

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

function toForm(user: AdminUser): UserUpdate {
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
  const [form, setForm] = useState<UserUpdate>(() => toForm(user));
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useUpdateUser();
  const firstField = useRef<HTMLInputElement>(null);
  // Focus the first field when the dialog opens (runs before the dialog's own focus scope).
  useEffect(() => firstField.current?.focus(), []);
  const set = (key: keyof UserUpdate) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed: UserUpdate = {
      ...form,
      username: form.username.trim(),
      fullName: form.fullName.trim(),
      email: form.email.trim(),
      phone: form.phone.trim(),
      company: form.company.trim(),
      clientCode: form.clientCode.trim(),
    };
    if (trimmed.username.length < 3) {
      setProblem('El usuario debe tener al menos 3 caracteres');
      return;
    }
    setProblem(null);
    mutation.mutate({ id: user.id, ...trimmed }, { onSuccess: onClose });
  };

  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Usuario" value={form.username} onChange={set('username')} required inputRef={firstField} />
        <TextField label="Nombre completo" value={form.fullName} onChange={set('fullName')} />
        <TextField label="Email" type="email" value={form.email} onChange={set('email')} />
        <TextField label="Teléfono" type="tel" value={form.phone} onChange={set('phone')} />
        <TextField label="Empresa" value={form.company} onChange={set('company')} />
        <TextField label="Código de cliente" value={form.clientCode} onChange={set('clientCode')} />
        {form.profileType ? (
          <ProfileTypeField label="Tipo" value={form.profileType} onChange={(profileType) => setForm((f) => ({ ...f, profileType }))} />
        ) : null}
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
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
