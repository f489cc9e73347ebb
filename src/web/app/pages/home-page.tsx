import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { prefetchGuestList } from '../../features/catalog/index.ts';
import { readGuestChoice, StartScreen, useLandingFocus, useSessionState } from '../../features/session/index.ts';
import { afterDialogEntryGone } from '../../lib/use-close-on-back.ts';
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
  const { session, pending: loading } = useSessionState();
  const { loaded } = usePublicConfigState();
  // The screen that replaces the fallback is built in a deferred render, which React does in short
  // slices: on a slow phone the whole catalogue's first render is no longer one long task that
  // blocks taps (issue 22, Total Blocking Time).
  const pending = useDeferredValue(loading);
  return { session, pending, startReady: loaded };
}

/**
 * `/`: the catalogue for an authenticated session, otherwise the start screen (docs/product.md §2). A
 * tab that chose "Invitado" asks for its list alongside the session (issue 22: the first card's photo
 * is the mobile catalogue's largest paint, and it waited for both round trips one after the other).
 */
export function HomePage() {
  const { session, pending, startReady } = useHomeState();
  const client = useQueryClient();
  const search = useSearch();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at the first render, while the session loads.
  useEffect(() => {
    if (pending && readGuestChoice()) prefetchGuestList(client, search);
  }, []);
  // Signed in on the start screen, or at /login on the way here: the focus goes into the catalogue.
  useLandingFocus(!pending && session?.isAuthenticated === true);
  if (pending) return <PageFallback />;
  if (session?.isAuthenticated) return <CatalogueScreen />;
  return startReady ? <StartScreen /> : <PageFallback />;
}

/**
 * Signed in at /login: the catalogue at `/` takes the place of /login in the history, once the login
 * dialog's own entry is gone, so Back leaves the sign-in instead of returning to /login (which would
 * only send the user forward again) or to the dialog's entry (docs/product.md §7.3).
 */
function LeaveLogin() {
  const [, navigate] = useLocation();
  useEffect(() => {
    let live = true;
    afterDialogEntryGone(() => {
      if (live) navigate(routes.home, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [navigate]);
  return <PageFallback />;
}

/** `/login`: the start screen with the client dialog open (docs/product.md §2); the catalogue (at /) once in. */
export function LoginPage() {
  const { session, pending, startReady } = useHomeState();
  if (pending) return <PageFallback />;
  if (session?.isAuthenticated && session.userType !== 'guest') return <LeaveLogin />;
  return startReady ? <StartScreen loginOpen /> : <PageFallback />;
}
