/**
 * "Gestión de Usuarios" (docs/product.md §10.2; issue 21 item 6): create (with name and e-mail, and
 * a password link), approve or reject access requests, and the list of every account with search,
 * type and state filters, an Excel download, last login, edit, type, client code, password link,
 * disable/enable, history and delete. Lists become cards on phones.
 */
import { Ban, FileSpreadsheet, History, KeyRound, Pencil, RotateCcw, Trash2, UserPlus, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { clientCodeBodySchema } from '../../../../shared/admin.ts';
import {
  approveBodySchema,
  createUserBodySchema,
  USER_STATE_LABELS,
  USER_STATES,
  USER_TYPE_LABELS,
  type UserState,
  userState,
} from '../../../../shared/admin-users.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { CheckboxField, FormField, SearchField, SelectField } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { useZodForm } from '../../../lib/form.ts';
import { useSession } from '../../session/index.ts';
import { formatDateTime } from '../../../lib/format.ts';
import {
  type AdminUser,
  type UsersQuery,
  useApproveUser,
  useCreateUser,
  usePendingUsers,
  usersXlsxUrl,
  useSendPasswordLink,
  useSetClientCode,
  useSetUserDisabled,
  useSetUserType,
  useUsers,
  takenField,
  CREATE_TAKEN_FIELDS,
} from '../users-api.ts';
import { serverMessage } from '../api.ts';
import { ActionsCell, CardRow, CardTable, Cell, HeadCell } from './card-table.tsx';
import { InlineEdit } from './inline-edit.tsx';
import { EmptyState, ErrorState, LoadingState, PROFILE_TYPE_OPTIONS, Section } from './ui.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';
import { DeleteUserDialog, DisableUserDialog, EditUserDialog, RejectUserDialog, UserHistoryDialog } from './user-dialogs.tsx';
import { useRefocusAfterRemoval } from '../lib/use-refocus-after-removal.ts';

/** Delay between the last keystroke in the users search and the query, ms. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * "Crear usuario": the body rules of `POST /api/admin/users` (shared), enabled once username and
 * password are typed. A name or e-mail the server finds taken (409 CONFLICT naming the field) is
 * said under that field, which takes the focus, keeping what was typed (docs/product.md §10.2).
 */
export function CreateUserForm() {
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(createUserBodySchema, {
    defaultValues: { username: '', password: '', profileType: 'client', fullName: '', email: '' },
  });
  const [username, password, email] = useWatch({ control, name: ['username', 'password', 'email'] });
  const [sendLink, setSendLink] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useCreateUser();
  const passwordLink = useSendPasswordLink();
  const ready = username.trim() !== '' && password !== '';
  const hasEmail = (email ?? '').trim() !== '';

  const submit = handleSubmit(({ fullName, email: address, ...body }) => {
    if (mutation.isPending) return;
    // Name and e-mail are sent only when typed (the spec's body is username, password and type).
    const payload = { ...body, ...(fullName ? { fullName } : {}), ...(address ? { email: address } : {}) };
    mutation.mutate(payload, {
      onSuccess: (user) => {
        reset();
        // The button was disabled while creating (the focus fell to the page): back to "Usuario" for the next one.
        formRef.current?.querySelector<HTMLInputElement>('input[name="username"]')?.focus();
        if (sendLink && user.email) passwordLink.mutate({ id: user.id });
        setSendLink(false);
      },
      // A name or e-mail already in use is said on its field, which takes the focus; what was typed stays.
      onError: (error) => {
        const field = takenField(error, CREATE_TAKEN_FIELDS);
        if (field) setError(field, { type: 'server', message: serverMessage(error, 'Ya está en uso') }, { shouldFocus: true });
      },
    });
  });

  return (
    <Section title="Crear usuario" description="El usuario creado queda aprobado y puede ingresar de inmediato.">
      <form ref={formRef} onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_11rem]">
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
        <FormField
          label="Nombre completo"
          density="compact"
          autoComplete="off"
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <FormField label="Email" type="email" density="compact" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <SelectField label="Tipo de usuario" density="compact" options={PROFILE_TYPE_OPTIONS} {...register('profileType')} />
        <CheckboxField
          label="Enviarle por email un enlace para que elija su contraseña"
          className="sm:col-span-2 lg:col-span-4"
          checked={sendLink && hasEmail}
          disabled={!hasEmail}
          onChange={(event) => setSendLink(event.target.checked)}
        />
        <Button type="submit" disabled={!ready || mutation.isPending}>
          <UserPlus aria-hidden="true" className="size-4" />
          {mutation.isPending ? 'Creando...' : 'Crear Usuario'}
        </Button>
      </form>
    </Section>
  );
}

/**
 * A pending request: contact data, an optional client code (the approve body's rules), "Aprobar" and
 * "Rechazar". Enter in the client code does what "Aprobar" does, with the same validation
 * (docs/product.md §10.2); a row is no `<form>` (a table row cannot hold one), so the field asks.
 */
function PendingRow({
  user,
  onReject,
  onApproved,
}: {
  user: AdminUser;
  onReject: (user: AdminUser) => void;
  /** Called once the server approved the request (the row is leaving the list). */
  onApproved: (user: AdminUser) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(approveBodySchema, { defaultValues: { clientCode: '' } });
  const mutation = useApproveUser();
  const approve = handleSubmit(({ clientCode }) => {
    if (mutation.isPending) return;
    mutation.mutate({ id: user.id, clientCode: clientCode ?? '' }, { onSuccess: () => onApproved(user) });
  });
  return (
    <CardRow>
      <HeadCell>{user.username}</HeadCell>
      <Cell label="Nombre">{user.fullName ?? '—'}</Cell>
      <Cell label="Email" className="break-all">
        {user.email ?? '—'}
      </Cell>
      <Cell label="Empresa">{user.company ?? '—'}</Cell>
      <Cell label="Teléfono">{user.phone ?? '—'}</Cell>
      <Cell label="Solicitado" className="whitespace-nowrap">
        {formatDateTime(user.createdAt)}
      </Cell>
      <Cell label="Código de cliente">
        <FormField
          label={`Código de cliente para ${user.username}`}
          labelHidden
          density="compact"
          placeholder="Opcional"
          controlClassName="h-9 min-w-28"
          error={errors.clientCode?.message}
          {...register('clientCode')}
          onKeyDown={(event) => {
            // Not while an input method is composing a character (its Enter picks the character).
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            void approve();
          }}
        />
      </Cell>
      <ActionsCell>
        <Button size="sm" busy={mutation.isPending} onClick={() => void approve()}>
          {mutation.isPending ? 'Aprobando...' : 'Aprobar'}
        </Button>
        <Button size="sm" variant="ghost" className="text-accent-700" disabled={mutation.isPending} onClick={() => onReject(user)}>
          <X aria-hidden="true" className="size-4" />
          Rechazar
        </Button>
      </ActionsCell>
    </CardRow>
  );
}

/**
 * The pending requests. An approved or rejected request leaves the list: the keyboard's focus goes
 * to the request now in its place (its client code first), else to the emptied list
 * (docs/product.md §10.2), not to the page.
 */
function PendingUsers() {
  const { data, error, isPending, isError, refetch } = usePendingUsers();
  const [rejecting, setRejecting] = useState<AdminUser | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const leftAt = useRefocusAfterRemoval(
    data?.map((u) => u.id),
    listRef,
    'tbody tr',
    () => listRef.current,
    rejecting !== null,
  );
  const onLeft = (user: AdminUser) => {
    const index = data?.findIndex((u) => u.id === user.id) ?? -1;
    if (index >= 0) leftAt(user.id, index);
  };
  return (
    <Section
      title={`Usuarios pendientes de aprobación${data ? ` (${data.length})` : ''}`}
      description="Al aprobar puede asignar un código de cliente (opcional); el usuario recibe un email. Al rechazar, indique el motivo."
    >
      <div ref={listRef} tabIndex={-1} className="focus:outline-none">
        {isPending ? (
          <LoadingState />
        ) : isError ? (
          <ErrorState error={error} message="No se pudieron cargar los usuarios pendientes." onRetry={() => void refetch()} />
        ) : data.length === 0 ? (
          <EmptyState>No hay usuarios pendientes de aprobación.</EmptyState>
        ) : (
          <CardTable
            label="Usuarios pendientes"
            columns={['Usuario', 'Nombre', 'Email', 'Empresa', 'Teléfono', 'Solicitado', 'Código de cliente']}
          >
            {data.map((user) => (
              <PendingRow key={user.id} user={user} onReject={setRejecting} onApproved={onLeft} />
            ))}
          </CardTable>
        )}
      </div>
      <RejectUserDialog user={rejecting} onClose={() => setRejecting(null)} onRejected={onLeft} />
    </Section>
  );
}

const TYPE_OPTIONS = [
  { value: 'client', label: 'Cliente' },
  { value: 'distributor', label: 'Distribuidor' },
];

function TypeSelect({ user }: { user: AdminUser }) {
  const mutation = useSetUserType();
  if (user.profileType === 'admin') return <span>{USER_TYPE_LABELS.admin}</span>;
  return (
    <SelectField
      label={`Tipo de ${user.username}`}
      labelHidden
      density="compact"
      controlClassName="h-9"
      options={TYPE_OPTIONS}
      value={mutation.isPending ? mutation.variables.profileType : user.profileType}
      // Not disabled while saving: a disabled select drops the keyboard's focus to the page.
      aria-busy={mutation.isPending || undefined}
      onChange={(event) => mutation.mutate({ id: user.id, profileType: event.target.value === 'distributor' ? 'distributor' : 'client' })}
    />
  );
}

const STATE_BADGES: Record<UserState, string> = {
  active: 'bg-green-100 text-green-800',
  pending: 'bg-yellow-100 text-yellow-800',
  disabled: 'bg-slate-200 text-slate-700',
};

function StateBadge({ user }: { user: AdminUser }) {
  const state = userState(user);
  return (
    <span className={cn('rounded px-2 py-0.5 text-xs font-medium', STATE_BADGES[state])}>
      {USER_STATE_LABELS[state]}
      {user.disabledAt ? ` desde ${formatDateTime(user.disabledAt)}` : ''}
    </span>
  );
}

/**
 * Why "Enviar enlace de contraseña" cannot be used for `user` (Spanish, shown under the row's
 * buttons), or null when it can: the link goes only to an approved, enabled account with an e-mail
 * (docs/product.md §10.2, §7.6).
 */
function passwordLinkProblem(user: AdminUser): string | null {
  if (!user.email) return 'Sin enlace de contraseña: no tiene email (agréguelo con "Editar").';
  if (user.disabledAt) return 'Sin enlace de contraseña: el usuario está deshabilitado.';
  if (!user.isApproved) return 'Sin enlace de contraseña: la solicitud está pendiente de aprobación.';
  return null;
}

const TYPE_FILTER_OPTIONS = [
  { value: '', label: 'Todos' },
  ...(['client', 'distributor', 'admin'] as const).map((t) => ({ value: t, label: USER_TYPE_LABELS[t] })),
];
const STATE_FILTER_OPTIONS = [{ value: '', label: 'Todos' }, ...USER_STATES.map((s) => ({ value: s, label: USER_STATE_LABELS[s] }))];

type Dialogs = 'edit' | 'history' | 'disable' | 'delete';

/**
 * One account of the list with its actions. `own` is the signed-in admin's account: it cannot be
 * disabled or deleted (docs/product.md §10.2), so those buttons are not offered there.
 */
function UserRow({ user, own, open }: { user: AdminUser; own: boolean; open: (dialog: Dialogs, user: AdminUser) => void }) {
  const setClientCode = useSetClientCode();
  const passwordLink = useSendPasswordLink();
  const enable = useSetUserDisabled();
  const linkProblem = passwordLinkProblem(user);
  const linkProblemId = useId();
  return (
    <CardRow muted={user.disabledAt !== null}>
      <HeadCell>{user.username}</HeadCell>
      <Cell label="Nombre">{user.fullName ?? '—'}</Cell>
      <Cell label="Email" className="break-all">
        {user.email ?? '—'}
      </Cell>
      <Cell label="Empresa">{user.company ?? '—'}</Cell>
      <Cell label="Tipo">
        <TypeSelect user={user} />
      </Cell>
      <Cell label="Código de cliente">
        <InlineEdit
          value={user.clientCode ?? ''}
          label={`Código de cliente de ${user.username}`}
          placeholder="Sin código"
          schema={clientCodeBodySchema.shape.clientCode}
          onSave={(clientCode) => setClientCode.mutateAsync({ id: user.id, clientCode })}
        />
      </Cell>
      <Cell label="Estado">
        <StateBadge user={user} />
      </Cell>
      <Cell label="Último ingreso" className="whitespace-nowrap">
        {user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Nunca'}
      </Cell>
      <Cell label="Alta" className="whitespace-nowrap">
        {formatDateTime(user.createdAt)}
      </Cell>
      <ActionsCell>
        <Button size="sm" variant="ghost" onClick={() => open('edit', user)}>
          <Pencil aria-hidden="true" className="size-4" />
          Editar
        </Button>
        {/* Not `disabled` when it cannot be sent: the button stays in the keyboard's path, says it is
            unavailable and points at the visible reason under the buttons (a tooltip is read by no
            keyboard or phone user). */}
        <Button
          size="sm"
          variant="ghost"
          busy={passwordLink.isPending}
          aria-disabled={linkProblem !== null || undefined}
          aria-describedby={linkProblem ? linkProblemId : undefined}
          className={cn(linkProblem && 'cursor-not-allowed opacity-50 hover:bg-transparent')}
          title={linkProblem ? undefined : `Enviar a ${user.email}`}
          onClick={() => {
            if (linkProblem === null) passwordLink.mutate({ id: user.id });
          }}
        >
          <KeyRound aria-hidden="true" className="size-4" />
          {passwordLink.isPending ? 'Enviando...' : 'Enviar enlace de contraseña'}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => open('history', user)}>
          <History aria-hidden="true" className="size-4" />
          Historial
        </Button>
        {own ? (
          <span className="inline-flex h-8 items-center px-3 text-sm text-slate-500">Su cuenta</span>
        ) : user.disabledAt ? (
          <Button size="sm" variant="ghost" disabled={enable.isPending} onClick={() => enable.mutate({ id: user.id, disabled: false })}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Habilitar
          </Button>
        ) : (
          <Button size="sm" variant="ghost" className="text-accent-700" onClick={() => open('disable', user)}>
            <Ban aria-hidden="true" className="size-4" />
            Deshabilitar
          </Button>
        )}
        {own ? null : (
          <Button size="sm" variant="ghost" className="text-accent-700" onClick={() => open('delete', user)}>
            <Trash2 aria-hidden="true" className="size-4" />
            Eliminar
          </Button>
        )}
        {linkProblem ? (
          <p id={linkProblemId} className="basis-full px-3 text-xs text-slate-600">
            {linkProblem}
          </p>
        ) : null}
      </ActionsCell>
    </CardRow>
  );
}

function AllUsers() {
  const [search, setSearch] = useState('');
  const [type, setType] = useState<UsersQuery['type'] | ''>('');
  const [state, setState] = useState<UserState | ''>('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filters: UsersQuery = { search: debounced || undefined, type: type || undefined, state: state || undefined };
  const { data, error, isPending, isError, isPlaceholderData, refetch } = useUsers(filters);
  const [dialog, setDialog] = useState<{ kind: Dialogs; user: AdminUser } | null>(null);
  const open = (kind: Dialogs, user: AdminUser) => setDialog({ kind, user });
  const close = () => setDialog(null);
  const shown = (kind: Dialogs) => (dialog?.kind === kind ? dialog.user : null);
  const filtered = Boolean(debounced || type || state);
  const ownId = useSession()?.userId ?? null;
  const listRef = useRef<HTMLDivElement>(null);
  // Once the list has dropped a deleted account (and the confirmation is closed), the account now in
  // its place (the previous one at the end) takes the focus, which would otherwise fall to the page.
  const deletedAt = useRefocusAfterRemoval(
    data?.map((u) => u.id),
    listRef,
    'tbody tr',
    undefined,
    dialog !== null,
  );
  const onDeleted = (user: AdminUser) => {
    const index = data?.findIndex((u) => u.id === user.id) ?? -1;
    if (index >= 0) deletedAt(user.id, index);
  };

  return (
    <Section
      title={`Todos los usuarios${data ? ` (${data.length})` : ''}`}
      actions={
        <a href={usersXlsxUrl(filters)} download className={buttonClasses('outline', 'sm')}>
          <FileSpreadsheet aria-hidden="true" className="size-4" />
          Descargar Excel
        </a>
      }
    >
      <div className="mb-3 grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_10rem]">
        <SearchField
          label="Buscar usuario"
          value={search}
          onChange={setSearch}
          placeholder="Usuario, nombre, email, teléfono, empresa o código"
        />
        <SelectField
          label="Tipo"
          density="compact"
          options={TYPE_FILTER_OPTIONS}
          value={type}
          onChange={(event) => setType(event.target.value as UsersQuery['type'] | '')}
        />
        <SelectField
          label="Estado"
          density="compact"
          options={STATE_FILTER_OPTIONS}
          value={state}
          onChange={(event) => setState(event.target.value as UserState | '')}
        />
      </div>
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <ErrorState error={error} message="No se pudieron cargar los usuarios." onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState>{filtered ? 'Ningún usuario coincide con la búsqueda o los filtros.' : 'No hay usuarios.'}</EmptyState>
      ) : (
        <div ref={listRef} aria-busy={isPlaceholderData || undefined} className={cn(isPlaceholderData && 'opacity-60')}>
          <CardTable
            label="Usuarios"
            columns={['Usuario', 'Nombre', 'Email', 'Empresa', 'Tipo', 'Código de cliente', 'Estado', 'Último ingreso', 'Alta']}
          >
            {data.map((user) => (
              <UserRow key={user.id} user={user} own={user.id === ownId} open={open} />
            ))}
          </CardTable>
        </div>
      )}
      <EditUserDialog user={shown('edit')} onClose={close} />
      <DisableUserDialog user={shown('disable')} onClose={close} />
      <DeleteUserDialog user={shown('delete')} onClose={close} onDeleted={onDeleted} />
      <UserHistoryDialog user={shown('history')} onClose={close} />
    </Section>
  );
}

/** "Gestión de Usuarios": create, approve or reject, the filtered list with its actions. */
export function UsersTab() {
  return (
    <div className="grid grid-cols-1 gap-4">
      <CreateUserForm />
      <PendingUsers />
      <AllUsers />
    </div>
  );
}
