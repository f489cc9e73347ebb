/**
 * Public surface of the session feature that the first screen needs: the session hooks, the start
 * screen and the header's user menu. The login, registration and password pages have their own
 * surface, `pages.ts`, imported only by lazy routes: importing them here would put them and their
 * form library in every visitor's first load.
 */
export { StartScreen } from './components/start-screen.tsx';
export { useLandingFocus } from './landing-focus.ts';
export { UserMenu } from './components/user-menu.tsx';
export { readGuestChoice, startGuestSession, useSession, useSessionState, useUserType } from './session-store.ts';
