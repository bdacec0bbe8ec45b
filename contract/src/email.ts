import { Type, type Static } from 'typebox';

/** Accounts by email (issue 29, docs/decisions/100). */

/** Whether new accounts confirm their address: `required` keeps them out until they do. */
export const EmailConfirmation = Type.Union([
  Type.Literal('required'),
  Type.Literal('optional'),
  Type.Literal('off'),
]);
export type EmailConfirmation = Static<typeof EmailConfirmation>;

/** `POST /api/auth/password-reset`, `POST /api/auth/confirmation/resend`: the address to write to. */
export const EmailAddressBody = Type.Object({ email: Type.String() });
export type EmailAddressBody = Static<typeof EmailAddressBody>;

/**
 * The same answer (202) whether or not the address has an account, so nobody learns who has one.
 */
export const EmailSentReply = Type.Object({ message: Type.String() });
export type EmailSentReply = Static<typeof EmailSentReply>;

/** The token of a link sent by email: `POST /api/auth/confirm`, `POST /api/account/email/confirm`. */
export const EmailTokenBody = Type.Object({ token: Type.String() });
export type EmailTokenBody = Static<typeof EmailTokenBody>;

/** `POST /api/auth/password-reset/confirm` */
export const PasswordResetBody = Type.Object({ token: Type.String(), newPassword: Type.String() });
export type PasswordResetBody = Static<typeof PasswordResetBody>;

/** `POST /api/account/email`: the new address is written to; it replaces the old once confirmed. */
export const ChangeEmailBody = Type.Object({ newEmail: Type.String(), password: Type.String() });
export type ChangeEmailBody = Static<typeof ChangeEmailBody>;

/** `GET /api/account`: the signed-in user's address, what they may change, and whether they were welcomed. */
export const AccountState = Type.Object({
  email: Type.String(),
  emailConfirmed: Type.Boolean(),
  emailConfirmation: EmailConfirmation,
  /** The demo's shared guest (Guest Login): its password, address and account cannot be changed. */
  sharedGuest: Type.Boolean(),
  /** Whether they finished or skipped the web client's welcome (docs/decisions/101). */
  onboarded: Type.Boolean(),
});
export type AccountState = Static<typeof AccountState>;
export const AccountStateReply = Type.Object({ account: AccountState });
export type AccountStateReply = Static<typeof AccountStateReply>;

/** `POST /api/auth/confirm`, `POST /api/account/email/confirm`: the address now confirmed. */
export const EmailConfirmedReply = Type.Object({ email: Type.String(), confirmed: Type.Literal(true) });
export type EmailConfirmedReply = Static<typeof EmailConfirmedReply>;

/** `POST /api/auth/password-reset/confirm` */
export const PasswordResetReply = Type.Object({ reset: Type.Literal(true) });
export type PasswordResetReply = Static<typeof PasswordResetReply>;

/**
 * `POST /api/auth/password-reset/check` (additive): whether a reset link still works, so the page it
 * opens says at once that it was used or has expired instead of offering a form that cannot succeed.
 */
export const PasswordResetCheckReply = Type.Object({ usable: Type.Boolean() });
export type PasswordResetCheckReply = Static<typeof PasswordResetCheckReply>;

/** `POST /api/account/onboarding`: the welcome is finished or skipped, and does not come back. */
export const OnboardedReply = Type.Object({ onboarded: Type.Literal(true) });
export type OnboardedReply = Static<typeof OnboardedReply>;
