import { Limits } from '@sync/contract';
import { emailError } from '../../../entities/email';
import type { SignupInput } from '../api/auth';

/** The form's fields: the spec's, then what the community may ask besides (issue 26). */
export type SignupField = keyof SignupInput | 'agreement' | 'reason' | 'inviteCode';
export type SignupErrors = Partial<Record<SignupField, string>>;

const usernamePattern = /^[A-Za-z0-9_.]+$/;

/** The server's own rules, checked before sending so each error shows at its field. */
export function validateSignup(input: SignupInput): SignupErrors {
  const errors: SignupErrors = {};
  if (!input.firstName.trim()) errors.firstName = 'Enter your first name.';
  if (!input.lastName.trim()) errors.lastName = 'Enter your last name.';
  const username = usernameError(input.username);
  if (username) errors.username = username;
  const email = emailError(input.email);
  if (email) errors.email = email;
  const password = passwordError(input.password);
  if (password) errors.password = password;
  return errors;
}

/** What is wrong with a username's length or characters, by the server's rule. */
export function usernameError(username: string): string | undefined {
  if (
    username.length < Limits.usernameMin ||
    username.length > Limits.usernameMax ||
    !usernamePattern.test(username)
  )
    return `Username must be ${Limits.usernameMin} to ${Limits.usernameMax} characters long, using only letters, digits, "_" and ".".`;
  return undefined;
}

/** The password rule shown under the field wherever a password is chosen (sign-up, a reset). */
export const passwordHint = `At least ${Limits.passwordMin} characters.`;

/** What is wrong with a new password, by the server's rule. */
export function passwordError(password: string): string | undefined {
  if (password.length < Limits.passwordMin)
    return `Password must be at least ${Limits.passwordMin} characters long.`;
  if (password.length > Limits.passwordMax)
    return `Password must be at most ${Limits.passwordMax} characters long.`;
  return undefined;
}

/** Which field a server refusal is about, from the words it starts with (the server names the field). */
export function fieldOfServerError(message: string): SignupField | undefined {
  const text = message.toLowerCase();
  if (text.includes('invite')) return 'inviteCode';
  if (text.includes('email address at')) return 'email';
  if (text.includes('rules')) return 'agreement';
  if (text.startsWith('reason') || text.includes('why you want to join')) return 'reason';
  if (text.includes('username')) return 'username';
  if (text.startsWith('password')) return 'password';
  if (text.startsWith('email')) return 'email';
  if (text.startsWith('first name')) return 'firstName';
  if (text.startsWith('last name')) return 'lastName';
  return undefined;
}
