/** Public surface of the session feature. */
export { logout, useLogin } from './api.ts';
export { DistributorLogin } from './components/distributor-login.tsx';
export { StartScreen } from './components/start-screen.tsx';
export { UserMenu } from './components/user-menu.tsx';
export { type Session, USER_TYPE_LABELS, useSession, useUserType } from './session-store.ts';
