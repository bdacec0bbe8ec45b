import type { AuthorizationQuery, AuthorizationRequestReply } from '@sync/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AuthCard, FormError } from '../../../components/ui/auth-card';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { pageHeading, usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { useAuthorizationQuery, useAuthorizationRequest, useDecision } from '../api/oauth';
import { strings } from './strings';
import { ScopeList } from './scope-list';
import { WebsiteLink } from './website-link';

const text = strings.consent;
const outOfBand = 'urn:ietf:wg:oauth:2.0:oob';
const linkClass = 'font-semibold text-teal-700 hover:underline focus-ring dark:text-teal-400';

/** Where the browser goes after the decision, as a person recognises it: the host of a web address. */
function destinationOf(redirectUri: string): string | null {
  if (redirectUri === outOfBand || !URL.canParse(redirectUri)) return null;
  const url = new URL(redirectUri);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.host : redirectUri;
}

/** A page that appeared in place of another (the login form, the loading line) starts at its heading. */
function useFocusHeadingIfLost() {
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) pageHeading()?.focus();
  }, []);
}

/** What is wrong with the request, said on the page: a request that failed its checks is never followed. */
function InvalidRequest({ message }: { message: string }) {
  useFocusHeadingIfLost();
  return (
    <AuthCard title={text.invalidTitle}>
      <div className="flex flex-col gap-4 text-sm text-zinc-700 dark:text-zinc-300">
        <FormError message={message} />
        <p>{text.invalidHint}</p>
        <Link to="/" className={`self-center ${linkClass}`}>
          {text.home}
        </Link>
      </div>
    </AuthCard>
  );
}

/** The code an out-of-band app asks the person to paste into it. */
function CodeToCopy({ app, code }: { app: string; code: string }) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  const copy = () => {
    navigator.clipboard.writeText(code).then(
      () => setCopied(true),
      () => {
        setCopied(false);
        field.current?.focus();
        field.current?.select();
      },
    );
  };
  return (
    <AuthCard title={text.codeTitle}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{text.codeIntro(app)}</p>
        <TextField
          ref={field}
          label={text.codeLabel}
          readOnly
          value={code}
          spellCheck={false}
          onFocus={(event) => event.target.select()}
        />
        <Button onClick={copy} className="w-full">
          {text.copy}
        </Button>
        <p role="status" className="text-sm text-zinc-700 empty:hidden dark:text-zinc-300">
          {copied === null ? '' : copied ? text.copied : text.copyByHand}
        </p>
      </div>
    </AuthCard>
  );
}

type Choice = (choice: 'approve' | 'deny') => void;

function Question({
  request,
  decide,
  pending,
  error,
}: {
  request: AuthorizationRequestReply;
  decide: Choice;
  pending: boolean;
  error: string | undefined;
}) {
  const username = useSession()?.user.username ?? '';
  const destination = destinationOf(request.redirectUri);
  const errorId = useId();
  useFocusHeadingIfLost();
  return (
    <AuthCard title={text.title(request.app.name)}>
      <div className="flex flex-col gap-4 text-sm text-zinc-700 dark:text-zinc-300">
        <p>{text.wants(request.app.name, username)}</p>
        {request.app.website && (
          <p>
            {text.website} <WebsiteLink href={request.app.website} />
          </p>
        )}
        <section aria-labelledby="consent-scopes">
          <h2 id="consent-scopes" className="mb-2 font-semibold text-zinc-900 dark:text-zinc-100">
            {text.allowsHeading}
          </h2>
          <ScopeList scopes={request.scopes} />
        </section>
        <p>{text.noPassword}</p>
        {destination && <p>{text.returnsTo(destination)}</p>}
        <FormError id={errorId} message={error} />
        <div className="grid grid-cols-2 gap-3">
          <Button
            pending={pending}
            onClick={() => decide('approve')}
            aria-describedby={error ? errorId : undefined}
          >
            {text.authorize}
          </Button>
          <Button variant="secondary" pending={pending} onClick={() => decide('deny')}>
            {text.deny}
          </Button>
        </div>
      </div>
    </AuthCard>
  );
}

function Consent({ query }: { query: AuthorizationQuery }) {
  const request = useAuthorizationRequest(query);
  const decision = useDecision(query);
  const { mutate } = decision;
  const alreadyApproved = request.data?.alreadyApproved === true;
  // Asked once, however often React runs the effect: each approval is a new code.
  const approvedWithoutAsking = useRef(false);
  useEffect(() => {
    if (!alreadyApproved || approvedWithoutAsking.current) return;
    approvedWithoutAsking.current = true;
    mutate('approve');
  }, [alreadyApproved, mutate]);

  if (request.isPending)
    return (
      <AuthCard title={text.pageTitle}>
        <p role="status" className="text-center text-sm text-zinc-700 dark:text-zinc-300">
          {text.loading}
        </p>
      </AuthCard>
    );
  if (request.isError) return <InvalidRequest message={request.error.message} />;

  const app = request.data.app.name;
  const reply = decision.data;
  if (reply && 'code' in reply) return <CodeToCopy app={app} code={reply.code} />;
  // The browser is on its way to the app (or about to be, for an app approved before).
  if (decision.isSuccess || (alreadyApproved && !decision.isError))
    return (
      <AuthCard title={text.title(app)}>
        <p role="status" className="text-center text-sm text-zinc-700 dark:text-zinc-300">
          {text.leaving(app)}
        </p>
      </AuthCard>
    );
  return (
    <Question
      request={request.data}
      pending={decision.isPending}
      error={decision.error?.message}
      decide={(choice) => {
        if (!decision.isPending) mutate(choice);
      }}
    />
  );
}

/**
 * The consent page of the Mastodon API's OAuth provider (/oauth/authorize) for a signed-in person:
 * what the app asks for, and their decision. The app composes it with the login form for visitors.
 */
export function AuthorizeApp() {
  usePageTitle(text.pageTitle);
  const query = useAuthorizationQuery();
  if (!query) return <InvalidRequest message={text.missingClient} />;
  return <Consent query={query} />;
}
