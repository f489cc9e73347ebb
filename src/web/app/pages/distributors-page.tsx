import { useSessionState } from '../../features/session/index.ts';
import { DistributorLogin } from '../../features/session/pages.ts';
import { CatalogueScreen } from '../catalogue/catalogue-screen.tsx';
import { PageFallback } from '../page-fallback.tsx';

/**
 * `/distribuidores` (docs/product.md §2, §7.3): the catalogue for a logged-in user, otherwise the
 * distributor login. A guest session still sees the login, so a distributor can sign in from it.
 */
export default function DistributorsPage() {
  const { session, pending } = useSessionState();
  if (pending) return <PageFallback />;
  return session?.isAuthenticated && session.userType !== 'guest' ? <CatalogueScreen /> : <DistributorLogin />;
}
