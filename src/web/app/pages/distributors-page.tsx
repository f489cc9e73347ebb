import { useLandingFocus, useSessionState } from '../../features/session/index.ts';
import { DistributorLogin } from '../../features/session/pages.ts';
import { CatalogueScreen } from '../catalogue/catalogue-screen.tsx';
import { PageFallback } from '../page-fallback.tsx';

/**
 * `/distribuidores` (docs/product.md §2, §7.3): the catalogue for a logged-in user, otherwise the
 * distributor login. A guest session still sees the login, so a distributor can sign in from it.
 * Signing in here puts the focus into the catalogue's main content (docs/product.md §13.4).
 */
export default function DistributorsPage() {
  const { session, pending } = useSessionState();
  const signedIn = !pending && session?.isAuthenticated === true && session.userType !== 'guest';
  useLandingFocus(signedIn);
  if (pending) return <PageFallback />;
  return signedIn ? <CatalogueScreen /> : <DistributorLogin />;
}
