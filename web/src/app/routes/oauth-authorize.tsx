import { LoginForm } from '../../features/auth';
import { AuthorizeApp, oauthStrings } from '../../features/oauth';
import { useSession } from '../../lib/session';

/**
 * /oauth/authorize, the consent page Mastodon apps open: a visitor logs in here, on the same address
 * with the app's query, and the consent screen follows in place.
 */
export default function OAuthAuthorizeRoute() {
  const session = useSession();
  if (!session) return <LoginForm intro={oauthStrings.consent.loginIntro} />;
  return <AuthorizeApp />;
}
