/** The auth feature's public face: other layers import from here, never from its folders. */
export { GUEST, useLogin, useLogout, useSignup, welcomeSeen } from './api/auth';
export { ConfirmEmail } from './components/confirm-email';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { LoginForm } from './components/login-form';
export { ResetPasswordForm } from './components/reset-password-form';
export { SignupForm } from './components/signup-form';
export { useReturnPath } from './components/use-return-path';
