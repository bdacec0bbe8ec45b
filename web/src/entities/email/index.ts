/** The account's email address, as the auth and account features share it (decision 100). */
export { useResendConfirmation } from './api';
export { EmailField } from './email-field';
export { emailError } from './rules';
