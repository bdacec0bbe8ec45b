/** The auth feature's public face: other layers import from here, never from its folders. */
export { GUEST, useLogin, useLogout, useSignup } from './api/auth';
export { LoginForm } from './components/login-form';
export { SignupForm } from './components/signup-form';
export { useReturnPath } from './components/use-return-path';
