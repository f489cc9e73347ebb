import { Truck } from 'lucide-react';
import { Link } from 'wouter';
import { routes } from '../../../app/paths.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { AuthCard } from './auth-card.tsx';
import { PortalLoginForm } from './portal-login-form.tsx';

/**
 * "Acceso de Distribuidor" (docs/product.md §7.3): usuario and contraseña, Enter submits, "Acceder al Portal"
 * ("Autenticando..." while busy), "Olvidó su contraseña" link, note about credentials. A client's right
 * password here links to "Acceso de Cliente" (`/login`).
 */
export function DistributorLogin() {
  const config = usePublicConfig();
  return (
    <AuthCard
      icon={<Truck aria-hidden="true" className="size-7" />}
      title="Acceso de Distribuidor"
      subtitle={config.brandName}
      footer="Para obtener sus credenciales de distribuidor, contacte a su proveedor."
    >
      <PortalLoginForm
        userType="distributor"
        submitLabel="Acceder al Portal"
        busyLabel="Autenticando..."
        // `replace`: the wrong door leaves no step of its own for Back once signed in at the right one.
        otherDoor={{ href: routes.login, label: 'Ir a Acceso de Cliente', replace: true }}
      >
        <div className="text-center">
          <Link href={routes.forgotPassword} className="text-sm font-medium text-brand-700 hover:underline">
            Olvidó su contraseña
          </Link>
        </div>
      </PortalLoginForm>
    </AuthCard>
  );
}
