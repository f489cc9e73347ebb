import { Redirect } from 'wouter';
import { StartScreen, useSessionState } from '../../features/session/index.ts';
import { CatalogueScreen } from '../catalogue/catalogue-screen.tsx';
import { PageFallback } from '../page-fallback.tsx';
import { routes } from '../paths.ts';

/** `/`: the catalogue for an authenticated session, otherwise the start screen (spec 2). */
export function HomePage() {
  const { session, pending } = useSessionState();
  if (pending) return <PageFallback />;
  return session?.isAuthenticated ? <CatalogueScreen /> : <StartScreen />;
}

/** `/login`: the start screen with the client dialog open (DESIGN.md); the catalogue (at /) once in. */
export function LoginPage() {
  const { session, pending } = useSessionState();
  if (pending) return <PageFallback />;
  return session?.isAuthenticated && session.userType !== 'guest' ? <Redirect to={routes.home} replace /> : <StartScreen loginOpen />;
}
