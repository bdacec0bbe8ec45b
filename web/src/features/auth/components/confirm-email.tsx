import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard, FormError } from '../../../components/ui/auth-card';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { useConfirmEmail } from '../api/email';
import { authLinkClass } from './about-link';
import { ResendConfirmation } from './resend-confirmation';

/**
 * The page a confirmation link opens (`/confirm-email?token=…`, with `&change=1` for a new address):
 * it takes the link once, on arrival, and says what came of it. A sign-up's link that no longer works
 * can be sent again; a new address's is asked for again in Settings, where the password confirms it.
 */
export function ConfirmEmail() {
  usePageTitle('Confirm your email address');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const change = params.get('change') === '1';
  const confirm = useConfirmEmail();
  const signedIn = useSession() !== null;
  // Once per page: a link works once, and React may run an effect twice.
  const taken = useRef(false);
  const { mutate } = confirm;
  useEffect(() => {
    if (taken.current || !token) return;
    taken.current = true;
    mutate({ token, change });
  }, [mutate, token, change]);

  const next = signedIn ? (
    <Link to={change ? '/settings' : '/'} className={authLinkClass}>
      {change ? 'Back to Settings' : 'Go to your feed'}
    </Link>
  ) : (
    <Link to="/login" className={authLinkClass}>
      Log in
    </Link>
  );

  if (confirm.isSuccess)
    return (
      <AuthCard title="Email address confirmed">
        <p role="status" className="text-center text-sm text-zinc-700 dark:text-zinc-300">
          {change
            ? `Your email address is now ${confirm.data.email}.`
            : `Thank you: ${confirm.data.email} is confirmed.`}
        </p>
        <p className="mt-6 text-center text-sm">{next}</p>
      </AuthCard>
    );
  if (token && !confirm.isError)
    return (
      <AuthCard title="Confirming your email address…">
        <p role="status" className="text-center text-sm text-zinc-700 dark:text-zinc-300">
          One moment.
        </p>
      </AuthCard>
    );
  return (
    <AuthCard title="This link did not work">
      <FormError message={whyNot(confirm.error?.message, change)} />
      <div className="mt-4 flex flex-col gap-4">
        {change ? (
          <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
            {signedIn ? (
              <Link to="/settings" className={authLinkClass}>
                Change your address again in Settings
              </Link>
            ) : (
              <>
                <Link to="/login" className={authLinkClass}>
                  Log in
                </Link>{' '}
                to change your address again in Settings.
              </>
            )}
          </p>
        ) : (
          <ResendConfirmation intro="Enter your email address to get a new link." />
        )}
      </div>
    </AuthCard>
  );
}

/** The server's own reason, or (a used, expired or cut link) how long links work. */
function whyNot(message: string | undefined, change: boolean): string {
  if (message && !message.startsWith('This link was already used')) return message;
  return `This link was already used, has expired (links work for 24 hours) or was not copied whole.${
    change ? ' Until a new one is followed, your old address stays.' : ''
  }`;
}
