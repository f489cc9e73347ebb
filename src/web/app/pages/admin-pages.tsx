import { lazy, type ReactNode } from 'react';
import { UserMenu, useLandingFocus, useSessionState } from '../../features/session/index.ts';
import { AdminLogin } from '../../features/session/pages.ts';
import { PageFallback } from '../page-fallback.tsx';

// The admin screens load on demand and only for admins: other visitors never download them.
const AdminPanel = lazy(async () => ({ default: (await import('../../features/admin/index.ts')).AdminPanel }));
const AdminCategoriesPage = lazy(async () => ({ default: (await import('../../features/admin/index.ts')).AdminCategoriesPage }));
const DebugPage = lazy(async () => ({ default: (await import('../../features/admin/index.ts')).DebugPage }));

/**
 * Puts a focus lost by the admin login into the panel's `<main>` (docs/product.md §13.4). Rendered
 * after the lazy screen in the same Suspense boundary, so its effect runs once that screen, and its
 * `<main>`, is in the document.
 */
function AdminLanding() {
  useLandingFocus(true);
  return null;
}

/**
 * Renders `screen` for an admin session, with the session's badge, profile and logout as the
 * header actions; anyone else gets the admin login (docs/product.md §10.1).
 */
function AdminGate({ screen }: { screen: (actions: ReactNode) => ReactNode }) {
  const { session, pending } = useSessionState();
  if (pending) return <PageFallback />;
  if (session?.userType !== 'admin') return <AdminLogin />;
  return (
    <>
      {screen(<UserMenu session={session} />)}
      <AdminLanding />
    </>
  );
}

/** `/adminkon2025` (and any deeper path but /categorias): the admin panel. */
export function AdminPage() {
  return <AdminGate screen={(actions) => <AdminPanel actions={actions} />} />;
}

/** `/adminkon2025/categorias` (the category administration page, docs/product.md §10.3). */
export function AdminCategoriesRoutePage() {
  return <AdminGate screen={(actions) => <AdminCategoriesPage actions={actions} />} />;
}

/** `/debug`: raw ERP data and the sync button; its API is admin-only, so is the page. */
export function AdminDebugRoutePage() {
  return <AdminGate screen={(actions) => <DebugPage actions={actions} />} />;
}
