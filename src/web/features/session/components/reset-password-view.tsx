import { CheckCircle2, KeyRound, ShieldAlert, TimerOff } from 'lucide-react';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import * as z from 'zod/mini';
import { resetBodySchema } from '../../../../shared/account.ts';
import { TEXTS } from '../../../../shared/auth.ts';
import { routes } from '../../../app/paths.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../lib/form.ts';
import { errorMessage, useResetPassword, useResetTokenValidation } from '../api.ts';
import { AuthCard } from './auth-card.tsx';

/** Delay before the automatic redirect to /login after a reset (docs/product.md §7.6). */
export const RESET_REDIRECT_MS = 3000;

function RequestNewLink() {
  return (
    <div className="mt-6 text-center">
      <Link href={routes.forgotPassword} className={buttonClasses('primary')}>
        Solicitar un nuevo enlace
      </Link>
    </div>
  );
}

function ResetDone() {
  const [, navigate] = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(routes.login), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <AuthCard icon={<CheckCircle2 aria-hidden="true" className="size-7" />} title="Contraseña Restablecida">
      <p role="status" className="text-center text-slate-700">
        Su contraseña fue actualizada. Será redirigido al inicio de sesión en 3 segundos.
      </p>
      <div className="mt-6 text-center">
        <Link href={routes.login} className={buttonClasses('primary')}>
          Ir a Iniciar Sesión
        </Link>
      </div>
    </AuthCard>
  );
}

/** The reset form: the new password by the body rules of `POST /api/auth/reset-password`, and its confirmation. */
const resetFormSchema = z
  .object({ newPassword: resetBodySchema.shape.newPassword, confirmPassword: z.string() })
  .check(z.refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: TEXTS.passwordMismatch }));

function ResetForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isValid },
  } = useZodForm(resetFormSchema, { mode: 'onChange', defaultValues: { newPassword: '', confirmPassword: '' } });
  const [newPassword, confirmPassword] = useWatch({ control, name: ['newPassword', 'confirmPassword'] });
  const busy = reset.isPending;

  const onSubmit = handleSubmit((values) => {
    if (token) reset.mutate({ token, newPassword: values.newPassword });
  });

  if (reset.isSuccess) return <ResetDone />;
  return (
    <AuthCard
      icon={<KeyRound aria-hidden="true" className="size-7" />}
      title="Restablecer Contraseña"
      subtitle="Ingrese su nueva contraseña."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField
          label="Nueva contraseña"
          type="password"
          revealable
          autoComplete="new-password"
          placeholder="Mínimo 6 caracteres"
          // Messages only under a field holding text: an empty one says nothing yet.
          error={newPassword !== '' ? errors.newPassword?.message : undefined}
          {...register('newPassword', { deps: ['confirmPassword'] })}
        />
        <FormField
          label="Confirmar contraseña"
          type="password"
          revealable
          autoComplete="new-password"
          placeholder="Mínimo 6 caracteres"
          error={confirmPassword !== '' ? errors.confirmPassword?.message : undefined}
          {...register('confirmPassword')}
        />
        {reset.isError ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {errorMessage(reset.error, 'Error al restablecer la contraseña')}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={!isValid} busy={busy}>
          {busy ? 'Restableciendo...' : 'Restablecer Contraseña'}
        </Button>
      </form>
    </AuthCard>
  );
}

/**
 * `/reset-password?token=…` (docs/product.md §7.6): validates the token first. Outcomes: "Token Inválido"
 * (no token), "Token Expirado" (invalid or expired), the form, "Contraseña Restablecida" (then /login
 * after 3 s, or at once with the button).
 */
export function ResetPasswordView() {
  const search = useSearch();
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  const validation = useResetTokenValidation(token);

  if (!token) {
    return (
      <AuthCard icon={<ShieldAlert aria-hidden="true" className="size-7" />} title="Token Inválido">
        <p className="text-center text-slate-700">{TEXTS.tokenMissing}. El enlace para restablecer la contraseña no es válido.</p>
        <RequestNewLink />
      </AuthCard>
    );
  }
  if (validation.isPending) {
    return (
      <AuthCard icon={<KeyRound aria-hidden="true" className="size-7" />} title="Restablecer Contraseña">
        <p role="status" className="text-center text-slate-600">
          Validando enlace...
        </p>
      </AuthCard>
    );
  }
  if (validation.isError || !validation.data.valid) {
    const message = validation.data?.message || errorMessage(validation.error, TEXTS.tokenInvalid);
    return (
      <AuthCard icon={<TimerOff aria-hidden="true" className="size-7" />} title="Token Expirado">
        <p className="text-center text-slate-700">{message}. Solicite un nuevo enlace para restablecer su contraseña.</p>
        <RequestNewLink />
      </AuthCard>
    );
  }
  return <ResetForm token={token} />;
}
