import { Truck } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { routes } from '../../../app/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { loginErrorMessage, useLogin } from '../api.ts';

interface Fields {
  username: string;
  password: string;
}

const inputClass =
  'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-brand-500';

/**
 * "Acceso de Distribuidor" (spec 2): usuario and contraseña, Enter submits, "Acceder al Portal"
 * ("Autenticando..." while busy), "Olvidó su contraseña" link, note about credentials.
 */
export function DistributorLogin() {
  const config = usePublicConfig();
  const userId = useId();
  const passId = useId();
  const { register, handleSubmit, control } = useForm<Fields>({ defaultValues: { username: '', password: '' } });
  const [username, password] = useWatch({ control, name: ['username', 'password'] });
  const loginMutation = useLogin();
  const busy = loginMutation.isPending;

  const onSubmit = handleSubmit((values) => {
    if (!values.username.trim() || !values.password) return;
    loginMutation.mutate({ username: values.username.trim(), password: values.password, userType: 'distributor' });
  });

  return (
    <div className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-10">
      <main className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl sm:p-8">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <span className="rounded-full bg-brand-50 p-3 text-brand-700">
            <Truck aria-hidden="true" className="size-7" />
          </span>
          <h1 className="text-2xl font-bold text-slate-900">Acceso de Distribuidor</h1>
          <p className="text-sm text-slate-600">{config.brandName}</p>
        </div>
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <div className="space-y-1.5">
            <label htmlFor={userId} className="block text-sm font-medium text-slate-700">
              Usuario
            </label>
            <input id={userId} autoComplete="username" className={inputClass} {...register('username')} />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={passId} className="block text-sm font-medium text-slate-700">
              Contraseña
            </label>
            <input id={passId} type="password" autoComplete="current-password" className={inputClass} {...register('password')} />
          </div>
          {loginMutation.isError ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              {loginErrorMessage(loginMutation.error)}
            </p>
          ) : null}
          <Button type="submit" size="lg" className="w-full" disabled={busy || !username.trim() || !password}>
            {busy ? 'Autenticando...' : 'Acceder al Portal'}
          </Button>
          <div className="text-center">
            <Link href={routes.forgotPassword} className="text-sm font-medium text-brand-700 hover:underline">
              Olvidó su contraseña
            </Link>
          </div>
        </form>
        <p className="mt-6 border-t border-slate-200 pt-4 text-center text-xs text-slate-500">
          Para obtener sus credenciales de distribuidor, contacte a su proveedor.
        </p>
      </main>
    </div>
  );
}
