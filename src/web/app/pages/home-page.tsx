import { Redirect } from 'wouter';
import { StartScreen, useSessionState } from '../../features/session/index.ts';
import { usePublicConfigState } from '../../lib/public-config.ts';
import { CatalogueScreen } from '../catalogue/catalogue-screen.tsx';
import { PageFallback } from '../page-fallback.tsx';
import { routes } from '../paths.ts';

/**
 * The session, and whether the start screen can show: it waits for the public configuration too
 * (asked for here, alongside the session), so it renders once with the real brand texts and chat
 * links instead of moving when they replace the fallback texts (a layout shift on phones).
 */
function useHomeState() {
  const { session, pending } = useSessionState();
  const { loaded } = usePublicConfigState();
  return { session, pending, startReady: loaded };
}

/** `/`: the catalogue for an authenticated session, otherwise the start screen (docs/product.md §2). */
export function HomePage() {
  const { session, pending, startReady } = useHomeState();
  if (pending) return <PageFallback />;
  if (session?.isAuthenticated) return <CatalogueScreen />;
  return startReady ? <StartScreen /> : <PageFallback />;
}

/** `/login`: the start screen with the client dialog open (docs/product.md §2); the catalogue (at /) once in. */
export function LoginPage() {
  const { session, pending, startReady } = useHomeState();
  if (pending) return <PageFallback />;
  if (session?.isAuthenticated && session.userType !== 'guest') return <Redirect to={routes.home} replace />;
  return startReady ? <StartScreen loginOpen /> : <PageFallback />;
}
