import { CheckCircle2, KeyRound } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { forgotBodySchema } from '../../../../shared/account.ts';
import { TEXTS } from '../../../../shared/auth.ts';
import { paths, routes } from '../../../app/paths.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../lib/form.ts';
import { errorMessage, useForgotPassword } from '../api.ts';
import { AuthCard } from './auth-card.tsx';

/**
 * `/forgot-password` (docs/product.md §7.6): one field "Usuario o Email" (trimmed, non-empty). After the
 * request, "Solicitud Enviada" with the note and a link to /login; outside production the answer
 * may carry the reset token, shown in a development box with a link to the reset screen.
 */
export function ForgotPasswordForm() {
  const request = useForgotPassword();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useZodForm(forgotBodySchema, { defaultValues: { usernameOrEmail: '' } });
  const value = useWatch({ control, name: 'usernameOrEmail' });
  const busy = request.isPending;

  const onSubmit = handleSubmit(({ usernameOrEmail }) => request.mutate(usernameOrEmail));

  if (request.isSuccess) {
    const { message, resetToken } = request.data;
    return (
      <AuthCard icon={<CheckCircle2 aria-hidden="true" className="size-7" />} title="Solicitud Enviada">
        <p className="text-center text-slate-700">{message || TEXTS.forgotSent}</p>
        {resetToken ? (
          <section
            aria-labelledby="dev-token-title"
            className="mt-5 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          >
            <h2 id="dev-token-title" className="font-semibold">
              Modo desarrollo
            </h2>
            <p className="mt-1">No hay correo configurado. Token de restablecimiento:</p>
            <code className="mt-2 block break-all rounded bg-white px-2 py-1 font-mono text-xs">{resetToken}</code>
            <Link href={paths.resetPassword(resetToken)} className="mt-3 inline-block font-medium text-brand-800 underline">
              Restablecer contraseña con este token
            </Link>
          </section>
        ) : null}
        <div className="mt-6 text-center">
          <Link href={routes.login} className={buttonClasses('primary')}>
            Volver a Iniciar Sesión
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<KeyRound aria-hidden="true" className="size-7" />}
      title="Recuperar Contraseña"
      subtitle="Ingrese su usuario o email y le enviaremos instrucciones para restablecer su contraseña."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField
          label="Usuario o Email"
          autoComplete="username"
          error={errors.usernameOrEmail?.message}
          {...register('usernameOrEmail')}
        />
        {request.isError ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {errorMessage(request.error, 'Error al procesar la solicitud')}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={value.trim() === ''} busy={busy}>
          {busy ? 'Enviando...' : 'Enviar Instrucciones'}
        </Button>
        <div className="text-center">
          <Link href={routes.login} className="text-sm font-medium text-brand-700 hover:underline">
            Volver a Iniciar Sesión
          </Link>
        </div>
      </form>
    </AuthCard>
  );
}
