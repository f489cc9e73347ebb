import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/button.tsx';
import { routes } from '../paths.ts';

/** A screen another issue completes: its title, a short note and a way back. */
export function PlaceholderPage({ title, note, children }: { title: string; note?: string; children?: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center">
      <Construction aria-hidden="true" className="size-10 text-brand-500" />
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {note ? <p className="max-w-md text-slate-600">{note}</p> : null}
      {children}
      <Link href={routes.home} className={buttonClasses('outline')}>
        Volver al inicio
      </Link>
    </main>
  );
}

export const RegisterPage = () => (
  <PlaceholderPage title="Solicitud de Acceso" note="Registro de Usuario">
    <p className="text-sm text-slate-500">Su solicitud será procesada en 24-48 horas hábiles</p>
  </PlaceholderPage>
);
export const ForgotPasswordPage = () => <PlaceholderPage title="Recuperar contraseña" note="Próximamente." />;
export const ResetPasswordPage = () => <PlaceholderPage title="Restablecer contraseña" note="Próximamente." />;
export const AdminPage = () => <PlaceholderPage title="Panel de Administración" note="Próximamente." />;
export const DebugPage = () => <PlaceholderPage title="Depuración" note="Próximamente." />;
export const PrintPage = () => <PlaceholderPage title="Catálogo de Productos" note="Próximamente." />;
