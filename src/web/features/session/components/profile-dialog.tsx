import * as z from 'zod/mini';
import { MIN_PASSWORD, TEXTS } from '../../../../shared/auth.ts';
import { fullNameField } from '../../../../shared/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useZodForm } from '../../../lib/form.ts';
import { errorMessage, useUpdateProfile } from '../api.ts';
import { type Session, USER_TYPE_LABELS } from '../session-store.ts';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-2 last:border-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * Profile form rules (docs/product.md §7.5): the password fields only matter when a new password is
 * typed, and the current password is needed to change the e-mail too (`originalEmail` is the
 * address the form opened with).
 */
export const profileFormSchema = z
  .object({
    fullName: fullNameField,
    email: z.string().check(
      z.trim(),
      z.maxLength(200),
      z.refine((v) => v === '' || z.email().safeParse(v).success, { error: 'El email no es válido' }),
    ),
    originalEmail: z.string(),
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (emailChanged(v) && !v.currentPassword && !v.newPassword) {
        ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: TEXTS.emailChangeNeedsPassword });
      }
      if (!v.newPassword && !v.confirmPassword) return;
      if (!v.currentPassword) ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: TEXTS.currentPasswordRequired });
      if (v.newPassword.length < MIN_PASSWORD) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: TEXTS.newPasswordTooShort });
      if (v.newPassword !== v.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: TEXTS.passwordMismatch });
    }),
  );

/** True when the form's e-mail differs from the one it opened with (ignoring case and spaces). */
function emailChanged(v: { email: string; originalEmail: string }): boolean {
  return v.email.trim().toLowerCase() !== v.originalEmail.trim().toLowerCase();
}

function ProfileEditor({ session, onDone }: { session: Session; onDone: () => void }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(profileFormSchema, {
    defaultValues: {
      fullName: session.fullName ?? '',
      email: session.email ?? '',
      originalEmail: session.email ?? '',
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    },
  });
  const busy = update.isPending;

  const onSubmit = handleSubmit(async (values) => {
    const changingPassword = values.newPassword !== '';
    try {
      await update.mutateAsync({
        fullName: values.fullName,
        email: values.email,
        ...(changingPassword || emailChanged(values) ? { currentPassword: values.currentPassword } : {}),
        ...(changingPassword ? { newPassword: values.newPassword } : {}),
      });
      toast({ title: 'Perfil actualizado', description: 'Tu información ha sido actualizada correctamente.' });
      onDone();
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'No se pudo actualizar el perfil'), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <FormField label="Nombre completo" autoComplete="name" error={errors.fullName?.message} {...register('fullName')} />
      <FormField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">Cambiar contraseña</legend>
        <p className="text-xs text-slate-600">
          Deje estos campos vacíos para conservar su contraseña actual. Para cambiar el email, ingrese su contraseña actual.
        </p>
        <FormField
          label="Contraseña actual"
          type="password"
          revealable
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <FormField
          label="Nueva contraseña"
          type="password"
          revealable
          autoComplete="new-password"
          placeholder="Mínimo 6 caracteres"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <FormField
          label="Confirmar nueva contraseña"
          type="password"
          revealable
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </fieldset>
      {update.isError ? (
        // Also inside the dialog: the modal hides the toast region from assistive technology.
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {errorMessage(update.error, 'No se pudo actualizar el perfil')}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" busy={busy}>
          {busy ? 'Guardando...' : 'Guardar Cambios'}
        </Button>
      </div>
    </form>
  );
}

/**
 * "Mi Perfil" (docs/product.md §7.5): username, client number (only if present) and user type. Signed-in users
 * edit full name and email and may change the password; guests only get a Cerrar button. A phone's
 * back button closes it (docs/product.md §13.4).
 */
export function ProfileDialog({ session, open, onOpenChange }: { session: Session; open: boolean; onOpenChange: (open: boolean) => void }) {
  const guest = session.userType === 'guest';
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Mi Perfil" size={guest ? 'sm' : 'md'} hideCloseButton closeOnBack>
      <dl>
        <Row label="Usuario" value={session.username} />
        {session.clientCode ? <Row label="Número de cliente" value={session.clientCode} /> : null}
        <Row label="Tipo de usuario" value={USER_TYPE_LABELS[session.userType]} />
      </dl>
      {guest ? (
        <div className="mt-4 flex justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cerrar
          </Button>
        </div>
      ) : (
        <ProfileEditor session={session} onDone={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}
