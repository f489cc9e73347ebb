/**
 * Where the keyboard's focus lands after signing in (docs/product.md §7.3, §13.4). A login at
 * `/distribuidores`, at `/login`, in "Acceso de Cliente" or at `/adminkon2025` replaces the screen that held the focus
 * (the form, the dialog) with the catalogue, and the focus would fall to `<body>`, so the next Tab
 * would start over from the top of the page. The login marks that it happened; the page that shows
 * the catalogue then puts a lost focus into its main content (`<main>`, the "Saltar al contenido"
 * target), as a dialog whose opener is gone does. A focus the user placed elsewhere stays.
 */
import { useEffect } from 'react';

let landing = false;

/** Records that a login just succeeded: the next page to show signed in takes a lost focus. */
export function markLanding(): void {
  landing = true;
}

/** Whether a login is waiting for its page, which the call consumes. */
function takeLanding(): boolean {
  const was = landing;
  landing = false;
  return was;
}

/**
 * Puts a lost focus into the page's `<main>` once `signedIn` is true and a login just happened
 * ({@link markLanding}); call it in a page that shows the catalogue to a signed-in viewer. Runs
 * after the page's render, when its `<main>` is in the document. A `<main>` without `tabindex` gets
 * `tabindex="-1"`, so it takes the focus without becoming a Tab stop.
 * @param signedIn whether the page now shows the signed-in screen.
 */
export function useLandingFocus(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn || !takeLanding()) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const main = document.querySelector<HTMLElement>('main');
    if (!main) return;
    if (!main.hasAttribute('tabindex')) main.tabIndex = -1;
    main.focus({ preventScroll: true });
  }, [signedIn]);
}
