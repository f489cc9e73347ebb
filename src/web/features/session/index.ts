/** Public surface of the session feature. */
export { useLogin, useLogout } from './api.ts';
export { AdminLogin } from './components/admin-login.tsx';
export { ClientLoginDialog } from './components/client-login-dialog.tsx';
export { DistributorLogin } from './components/distributor-login.tsx';
export { ForgotPasswordForm } from './components/forgot-password-form.tsx';
export { RegisterForm } from './components/register-form.tsx';
export { ResetPasswordView } from './components/reset-password-view.tsx';
export { StartScreen } from './components/start-screen.tsx';
export { UserMenu } from './components/user-menu.tsx';
export { type Session, USER_TYPE_LABELS, useSession, useSessionState, useUserType } from './session-store.ts';
