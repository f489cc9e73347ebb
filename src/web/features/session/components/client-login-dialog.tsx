import { useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { routes } from '../../../app/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../lib/form.ts';
import { useLogin } from '../api.ts';
import { loginFormSchema } from '../login-form-schema.ts';
import { LoginFailure } from './login-failure.tsx';

export interface ClientLoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Acceso de Cliente" (docs/product.md §7.1): Usuario o Email, Contraseña, "¿Olvidó su contraseña?", Cancelar and
 * Ingresar ("Ingresando..." while busy, disabled while a field is empty or busy). Closes after a
 * successful attempt; a failure keeps the dialog open with both fields filled and the Spanish message
 * in a red alert (docs/product.md §7.3: failures are shown; issue 22: the spec's closing on failure is
 * a defect we do not copy). A distributor's right password here links to "Acceso de Distribuidor"
 * (docs/product.md §7.3). A phone's back button closes it (docs/product.md §13.4).
 */
export function ClientLoginDialog({ open, onOpenChange }: ClientLoginDialogProps) {
  const {
    register,
    handleSubmit,
    control,
    reset,
    setFocus,
    formState: { errors },
  } = useZodForm(loginFormSchema, { defaultValues: { username: '', password: '' } });

  const [username, password] = useWatch({ control, name: ['username', 'password'] });
  const loginMutation = useLogin();
  const busy = loginMutation.isPending;
  const canSubmit = username.trim() !== '' && password !== '';

  const close = (next: boolean) => {
    if (!next) {
      reset();
      loginMutation.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await loginMutation.mutateAsync({ ...values, userType: 'client' });
      close(false);
    } catch {
      // The alert below shows the failure; the fields stay as typed.
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Acceso de Cliente"
      description="Ingrese con su usuario para ver sus precios especiales."
      size="sm"
      closeOnBack
      // The user types at once: "Usuario o Email" takes the focus on opening, not "Cerrar".
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        setFocus('username');
      }}
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <FormField label="Usuario o Email" autoComplete="username" error={errors.username?.message} {...register('username')} />
        <FormField
          label="Contraseña"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {loginMutation.isError ? (
          <LoginFailure
            error={loginMutation.error}
            // `replace`, like "¿Olvidó su contraseña?": the other door takes the open dialog's entry.
            otherDoor={{ href: routes.distributors, label: 'Ir a Acceso de Distribuidor', replace: true }}
          />
        ) : null}
        {/* `replace`: the page takes the open dialog's history entry, so back returns to the start screen. */}
        <Link
          href={routes.forgotPassword}
          replace
          className="inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          ¿Olvidó su contraseña?
        </Link>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={() => close(false)}>
            Cancelar
          </Button>
          <Button type="submit" disabled={!canSubmit} busy={busy}>
            {busy ? 'Ingresando...' : 'Ingresar'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
