import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useZodForm } from '../../../lib/form.ts';
import { type LoginInput, useLogin } from '../api.ts';
import { loginFormSchema } from '../login-form-schema.ts';
import { LoginFailure, type OtherDoor } from './login-failure.tsx';

/**
 * The login form of the portal screens (distributor, admin): usuario and contraseña, Enter submits,
 * disabled while a field is empty, busy (focus kept, docs/product.md §13.4) while it signs in, the
 * failure shown in a red alert, with a link to `otherDoor` when the server says the account signs
 * in there (docs/product.md §7.3).
 */
export function PortalLoginForm({
  userType,
  submitLabel,
  busyLabel,
  otherDoor,
  children,
}: {
  userType: LoginInput['userType'];
  submitLabel: string;
  busyLabel: string;
  /** Where an account of the other type signs in (the distributor door's is "Acceso de Cliente"). */
  otherDoor?: OtherDoor;
  children?: ReactNode;
}) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useZodForm(loginFormSchema, { defaultValues: { username: '', password: '' } });
  const [username, password] = useWatch({ control, name: ['username', 'password'] });
  const loginMutation = useLogin();
  const busy = loginMutation.isPending;

  const onSubmit = handleSubmit((values) => loginMutation.mutate({ ...values, userType }));

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <FormField label="Usuario" autoComplete="username" error={errors.username?.message} {...register('username')} />
      <FormField
        label="Contraseña"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {loginMutation.isError ? <LoginFailure error={loginMutation.error} otherDoor={otherDoor} /> : null}
      <Button type="submit" size="lg" className="w-full" disabled={!username.trim() || !password} busy={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
      {children}
    </form>
  );
}
