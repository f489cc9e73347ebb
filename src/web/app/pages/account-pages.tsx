import { ForgotPasswordForm, RegisterForm, ResetPasswordView } from '../../features/session/pages.ts';

/** `/registro` (docs/product.md §7.2): "Solicitud de Acceso". */
export const RegisterPage = () => <RegisterForm />;

/** `/forgot-password`. */
export const ForgotPasswordPage = () => <ForgotPasswordForm />;

/** `/reset-password?token=…`. */
export const ResetPasswordPage = () => <ResetPasswordView />;
