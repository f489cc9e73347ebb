import { ArrowRight, KeyRound, UserRound } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'wouter';
import { routes } from '../../../app/paths.ts';
import { ContactLinks } from '../../../components/contact-links.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useOnDemandDialog } from '../../../lib/use-on-demand-dialog.ts';
import { markLanding } from '../landing-focus.ts';
import { startGuestSession } from '../session-store.ts';

// The login dialog (and its form library) loads when the visitor first asks for it, not with the
// start screen: most visitors enter as guests.
const loadClientLoginDialog = () => import('./client-login-dialog.tsx');
const ClientLoginDialog = lazy(async () => ({ default: (await loadClientLoginDialog()).ClientLoginDialog }));

function ChoiceCard({
  icon,
  title,
  text,
  onClick,
  onIntent,
  tone,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  onClick: () => void;
  /** Called on hover or focus, before a click: a chance to start loading what the click opens. */
  onIntent?: () => void;
  tone: 'brand' | 'accent';
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      className="group flex w-full flex-col items-start gap-3 rounded-xl border border-slate-200 bg-white p-6 text-left shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-md"
    >
      <span className={tone === 'brand' ? 'rounded-lg bg-brand-50 p-3 text-brand-700' : 'rounded-lg bg-red-50 p-3 text-accent-600'}>
        {icon}
      </span>
      <span className="text-lg font-semibold text-slate-900">{title}</span>
      <span className="text-sm text-slate-600">{text}</span>
      <span className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-brand-700">
        Continuar <ArrowRight aria-hidden="true" className="size-4 transition group-hover:translate-x-0.5" />
      </span>
    </button>
  );
}

/** "Ingresar como Invitado": the guest session, and the catalogue that replaces this screen takes the focus. */
function enterAsGuest(): void {
  markLanding();
  startGuestSession();
}

/**
 * Start screen (docs/product.md §7.1): guest card (immediate guest session), client card (opens "Acceso de
 * Cliente"), the two chat links, "¿No tiene cuenta?" with "Registrarse", and a footer line.
 */
export function StartScreen({ loginOpen = false }: { loginOpen?: boolean }) {
  const config = usePublicConfig();
  const login = useOnDemandDialog(loadClientLoginDialog, loginOpen);
  useDocumentTitle(loginOpen ? 'Ingresar' : undefined);
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-900 via-brand-800 to-slate-100 to-60%">
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center px-4 py-10 sm:py-16">
        <div className="mb-8 text-center text-white">
          <p className="text-sm font-medium uppercase tracking-widest text-brand-200">Catálogo digital 2024-2025</p>
          <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{config.brandName}</h1>
          <p className="mt-2 text-brand-100">{config.tagline}</p>
        </div>
        <section aria-labelledby="start-choose" className="w-full">
          <h2 id="start-choose" className="sr-only">
            Elija cómo ingresar
          </h2>
          <div className="grid w-full gap-4 sm:grid-cols-2">
            <ChoiceCard
              tone="brand"
              icon={<UserRound aria-hidden="true" className="size-6" />}
              title="Ingresar como Invitado"
              text="Acceso básico al catálogo de repuestos."
              onClick={enterAsGuest}
            />
            <ChoiceCard
              tone="accent"
              icon={<KeyRound aria-hidden="true" className="size-6" />}
              title="Ingresar como Cliente"
              text="Acceda con su usuario para ver precios especiales."
              onClick={login.show}
              onIntent={login.preload}
            />
          </div>
        </section>
        <div className="mt-8 flex w-full flex-col items-center gap-6 rounded-xl bg-white p-6 text-center shadow-sm">
          <div className="flex flex-col items-center gap-2 sm:flex-row sm:gap-3">
            <p className="text-slate-700">¿No tiene cuenta?</p>
            <Link href={routes.register} className={buttonClasses('outline')}>
              Registrarse
            </Link>
          </div>
          <div className="flex flex-col items-center gap-2">
            <p className="text-sm text-slate-600">Consultas por WhatsApp</p>
            <ContactLinks whatsappAdmin={config.whatsappAdmin} whatsappSales={config.whatsappSales} className="justify-center" />
          </div>
        </div>
      </main>
      <footer className="px-4 py-6 text-center text-sm text-slate-600">
        © {new Date().getFullYear()} {config.brandName} · {config.tagline}
      </footer>
      {login.mounted ? (
        <Suspense fallback={null}>
          <ClientLoginDialog open={login.open} onOpenChange={login.setOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
