const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with an address as typed (trimmed): missing, or not of an address's form. */
export function emailError(email: string): string | undefined {
  if (!email) return 'Enter your email address.';
  if (!emailPattern.test(email)) return 'Email address is not valid: it should look like name@example.com.';
  return undefined;
}
