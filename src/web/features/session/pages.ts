/**
 * Public surface of the session feature's own pages (the portal logins, registration, password
 * reset), for the lazy routes that show them; see `index.ts` for why they are apart.
 */
export { AdminLogin } from './components/admin-login.tsx';
export { DistributorLogin } from './components/distributor-login.tsx';
export { ForgotPasswordForm } from './components/forgot-password-form.tsx';
export { RegisterForm } from './components/register-form.tsx';
export { ResetPasswordView } from './components/reset-password-view.tsx';
