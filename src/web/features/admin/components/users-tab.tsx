import { History, Pencil, Trash2, UserPlus } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { clientCodeBodySchema } from '../../../../shared/admin.ts';
import { approveBodySchema, createUserBodySchema } from '../../../../shared/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { compactInputClasses, compactSelectClasses, FormField, SearchField, SelectField } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { type AdminUser, useApproveUser, useCreateUser, usePendingUsers, useSetClientCode, useSetUserType, useUsers } from '../api.ts';
import { useZodForm } from '../../../lib/form.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { USER_TYPE_LABELS } from '../texts.ts';
import { InlineEdit } from './inline-edit.tsx';
import { EmptyState, ErrorState, LoadingState, PROFILE_TYPE_OPTIONS, Section, TableHead, TableScroll, td } from './ui.tsx';
import { DeleteUserDialog, EditUserDialog, UserHistoryDialog } from './user-dialogs.tsx';

/** "Crear usuario": the body rules of `POST /api/admin/users` (shared), enabled once both texts are typed. */
export function CreateUserForm() {
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useZodForm(createUserBodySchema, { defaultValues: { username: '', password: '', profileType: 'client' } });
  const [username, password] = useWatch({ control, name: ['username', 'password'] });
  const mutation = useCreateUser();
  const ready = username.trim() !== '' && password !== '';

  const submit = handleSubmit((body) => {
    if (mutation.isPending) return;
    mutation.mutate(body, { onSuccess: () => reset() });
  });

  return (
    <Section title="Crear usuario" description="El usuario creado queda aprobado y puede ingresar de inmediato.">
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_1fr_12rem_auto] sm:items-start">
        <FormField label="Usuario" density="compact" autoComplete="off" error={errors.username?.message} {...register('username')} />
        <FormField
          label="Contraseña"
          type="password"
          density="compact"
          autoComplete="new-password"
          placeholder="Mínimo 6 caracteres"
          error={errors.password?.message}
          {...register('password')}
        />
        <SelectField label="Tipo de usuario" density="compact" options={PROFILE_TYPE_OPTIONS} {...register('profileType')} />
        <Button type="submit" className="sm:mt-6" disabled={!ready || mutation.isPending}>
          <UserPlus aria-hidden="true" className="size-4" />
          {mutation.isPending ? 'Creando...' : 'Crear Usuario'}
        </Button>
      </form>
    </Section>
  );
}

/** A pending user's row: an optional client code (the approve body's rules), then "Aprobar". */
function PendingRow({ user }: { user: AdminUser }) {
  const codeId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(approveBodySchema, { defaultValues: { clientCode: '' } });
  const mutation = useApproveUser();
  const approve = handleSubmit(({ clientCode }) => mutation.mutate({ id: user.id, clientCode: clientCode ?? '' }));
  const problem = errors.clientCode?.message;
  return (
    <tr>
      <th scope="row" className={`${td} font-medium`}>
        {user.username}
      </th>
      <td className={td}>{user.fullName ?? '—'}</td>
      <td className={td}>{user.email ?? '—'}</td>
      <td className={td}>{user.company ?? '—'}</td>
      <td className={`${td} whitespace-nowrap`}>{formatDateTime(user.createdAt)}</td>
      <td className={td}>
        <label htmlFor={codeId} className="sr-only">
          Código de cliente para {user.username}
        </label>
        <input
          id={codeId}
          placeholder="Opcional"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${codeId}-error` : undefined}
          className={cn(compactInputClasses, 'h-9 min-w-28')}
          {...register('clientCode')}
        />
        {problem ? (
          <p id={`${codeId}-error`} className="mt-1 text-xs text-accent-700">
            {problem}
          </p>
        ) : null}
      </td>
      <td className={td}>
        <Button size="sm" disabled={mutation.isPending} onClick={() => void approve()}>
          {mutation.isPending ? 'Aprobando...' : 'Aprobar'}
        </Button>
      </td>
    </tr>
  );
}

function PendingUsers() {
  const { data, error, isPending, isError, refetch } = usePendingUsers();
  return (
    <Section
      title={`Usuarios pendientes de aprobación${data ? ` (${data.length})` : ''}`}
      description="Al aprobar puede asignar un código de cliente (opcional)."
    >
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <ErrorState error={error} message="No se pudieron cargar los usuarios pendientes." onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState>No hay usuarios pendientes de aprobación.</EmptyState>
      ) : (
        <TableScroll label="Usuarios pendientes">
          <TableHead columns={['Usuario', 'Nombre', 'Email', 'Empresa', 'Solicitado', 'Código de cliente']} />
          <tbody>
            {data.map((user) => (
              <PendingRow key={user.id} user={user} />
            ))}
          </tbody>
        </TableScroll>
      )}
    </Section>
  );
}

function TypeSelect({ user }: { user: AdminUser }) {
  const id = useId();
  const mutation = useSetUserType();
  if (user.profileType === 'admin') return <span>{USER_TYPE_LABELS.admin}</span>;
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Tipo de {user.username}
      </label>
      <select
        id={id}
        value={mutation.isPending ? mutation.variables.profileType : user.profileType}
        disabled={mutation.isPending}
        onChange={(event) => mutation.mutate({ id: user.id, profileType: event.target.value === 'distributor' ? 'distributor' : 'client' })}
        className={cn(compactSelectClasses, 'h-9')}
      >
        <option value="client">Cliente</option>
        <option value="distributor">Distribuidor</option>
      </select>
    </>
  );
}

function matches(user: AdminUser, filter: string): boolean {
  if (!filter) return true;
  const needle = filter.toLocaleLowerCase('es');
  return [user.username, user.fullName, user.email, user.company, user.clientCode].some((v) => v?.toLocaleLowerCase('es').includes(needle));
}

function AllUsers() {
  const { data, error, isPending, isError, refetch } = useUsers();
  const setClientCode = useSetClientCode();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [history, setHistory] = useState<AdminUser | null>(null);
  const shown = useMemo(() => (data ?? []).filter((u) => matches(u, filter.trim())), [data, filter]);

  return (
    <Section title={`Todos los usuarios${data ? ` (${data.length})` : ''}`}>
      <div className="mb-3 max-w-md">
        <SearchField label="Buscar usuario" value={filter} onChange={setFilter} placeholder="Usuario, nombre, email, empresa o código" />
      </div>
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <ErrorState error={error} message="No se pudieron cargar los usuarios." onRetry={() => void refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState>No se encontraron usuarios.</EmptyState>
      ) : (
        <TableScroll label="Usuarios">
          <TableHead columns={['Usuario', 'Nombre', 'Email', 'Empresa', 'Tipo', 'Código de cliente', 'Estado', 'Alta']} />
          <tbody>
            {shown.map((user) => (
              <tr key={user.id}>
                <th scope="row" className={`${td} font-medium`}>
                  {user.username}
                </th>
                <td className={td}>{user.fullName ?? '—'}</td>
                <td className={td}>{user.email ?? '—'}</td>
                <td className={td}>{user.company ?? '—'}</td>
                <td className={td}>
                  <TypeSelect user={user} />
                </td>
                <td className={td}>
                  <InlineEdit
                    value={user.clientCode ?? ''}
                    label={`Código de cliente de ${user.username}`}
                    placeholder="Sin código"
                    schema={clientCodeBodySchema.shape.clientCode}
                    onSave={(clientCode) => setClientCode.mutateAsync({ id: user.id, clientCode })}
                  />
                </td>
                <td className={td}>
                  {user.isApproved ? (
                    <span className="rounded bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">Aprobado</span>
                  ) : (
                    <span className="rounded bg-yellow-100 px-2 py-0.5 text-xs font-medium text-yellow-800">Pendiente</span>
                  )}
                </td>
                <td className={`${td} whitespace-nowrap`}>{formatDateTime(user.createdAt)}</td>
                <td className={td}>
                  <div className="flex gap-1">
                    <Button size="sm" variant="ghost" onClick={() => setEditing(user)}>
                      <Pencil aria-hidden="true" className="size-4" />
                      Editar
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setHistory(user)}>
                      <History aria-hidden="true" className="size-4" />
                      Historial
                    </Button>
                    <Button size="sm" variant="ghost" className="text-accent-700" onClick={() => setDeleting(user)}>
                      <Trash2 aria-hidden="true" className="size-4" />
                      Eliminar
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </TableScroll>
      )}
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
      <UserHistoryDialog user={history} onClose={() => setHistory(null)} />
    </Section>
  );
}

/** "Gestión de Usuarios": create, approve, edit, switch type, delete, history. */
export function UsersTab() {
  return (
    <div className="grid grid-cols-1 gap-4">
      <CreateUserForm />
      <PendingUsers />
      <AllUsers />
    </div>
  );
}
