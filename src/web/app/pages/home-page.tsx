import { StartScreen, useSession } from '../../features/session/index.ts';
import { CatalogueScreen } from '../catalogue/catalogue-screen.tsx';

/** `/`: the catalogue for an authenticated session, otherwise the start screen (spec 2). */
export function HomePage() {
  const session = useSession();
  return session?.isAuthenticated ? <CatalogueScreen /> : <StartScreen />;
}

/** `/login`: the start screen with the client dialog open (DESIGN.md); the catalogue once in. */
export function LoginPage() {
  const session = useSession();
  return session?.isAuthenticated ? <CatalogueScreen /> : <StartScreen loginOpen />;
}
