import { UserPlus } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import * as z from 'zod/mini';
import { registerBodySchema } from '../../../../shared/account.ts';
import { TEXTS } from '../../../../shared/auth.ts';
import { routes } from '../../../app/paths.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useZodForm } from '../../../lib/form.ts';
import { CONNECTION_ERROR, useRegister } from '../api.ts';
import { AuthCard } from './auth-card.tsx';

/** The registration form: the server's body rules plus the confirmation (docs/product.md §7.2). */
export const registerFormSchema = z
  .extend(registerBodySchema, { confirmPassword: z.string().check(z.minLength(1, { error: 'Confirme la contraseña' })) })
  .check(z.refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: TEXTS.passwordMismatch }));

type FormInput = z.input<typeof registerFormSchema>;

const EMPTY: FormInput = { username: '', password: '', confirmPassword: '', fullName: '', email: '', phone: '', company: '' };

/**
 * "Solicitud de Acceso" (docs/product.md §7.2): required fullName, email, username, password and its
 * confirmation; optional phone and company. Success returns to the start screen.
 */
export function RegisterForm() {
  const [, navigate] = useLocation();
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(registerFormSchema, { defaultValues: EMPTY });
  const busy = registration.isPending;

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, phone, company, ...values }) => {
    try {
      await registration.mutateAsync({ ...values, phone: phone || undefined, company: company || undefined });
      toast({ title: 'Registro exitoso', description: TEXTS.registered });
      navigate(routes.home);
    } catch (error) {
      const description =
        error instanceof ApiError && error.code === 'NETWORK'
          ? CONNECTION_ERROR
          : error instanceof ApiError && error.serverMessage
            ? error.serverMessage
            : 'No se pudo completar el registro';
      toast({ title: 'Error en el registro', description, variant: 'destructive' });
    }
  });

  return (
    <AuthCard
      wide
      icon={<UserPlus aria-hidden="true" className="size-7" />}
      title="Solicitud de Acceso"
      subtitle="Registro de Usuario"
      footer="Su solicitud será procesada en 24-48 horas hábiles"
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Nombre completo" requiredMark autoComplete="name" error={errors.fullName?.message} {...register('fullName')} />
          <FormField label="Email" type="email" requiredMark autoComplete="email" error={errors.email?.message} {...register('email')} />
          <FormField label="Teléfono" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
          <FormField label="Empresa" autoComplete="organization" error={errors.company?.message} {...register('company')} />
          <FormField
            label="Usuario"
            requiredMark
            autoComplete="username"
            className="sm:col-span-2"
            error={errors.username?.message}
            {...register('username')}
          />
          <FormField
            label="Contraseña"
            type="password"
            requiredMark
            revealable
            autoComplete="new-password"
            placeholder="Mínimo 6 caracteres"
            error={errors.password?.message}
            {...register('password')}
          />
          <FormField
            label="Confirmar contraseña"
            type="password"
            requiredMark
            revealable
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
        </div>
        <p className="text-xs text-slate-600">Los campos marcados con * son obligatorios.</p>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-between">
          <Link href={routes.home} className={buttonClasses('outline')}>
            Volver al inicio
          </Link>
          <Button type="submit" busy={busy}>
            {busy ? 'Enviando...' : 'Enviar Solicitud'}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
