import { ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { routes } from '../../../app/paths.ts';
import { AuthCard } from './auth-card.tsx';
import { PortalLoginForm } from './portal-login-form.tsx';

/** The admin login of `/adminkon2025` (docs/product.md §7.3: shown when the session is not an admin's). */
export function AdminLogin() {
  return (
    <AuthCard
      icon={<ShieldCheck aria-hidden="true" className="size-7" />}
      title="Acceso de Administrador"
      subtitle="Panel de Administración"
    >
      <PortalLoginForm userType="admin" submitLabel="Ingresar" busyLabel="Ingresando...">
        <div className="text-center">
          <Link href={routes.home} className="text-sm font-medium text-brand-700 hover:underline">
            Volver al Catálogo
          </Link>
        </div>
      </PortalLoginForm>
    </AuthCard>
  );
}
