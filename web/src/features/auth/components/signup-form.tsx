import { InstanceLimits, Limits, type InstanceInfo } from '@sync/contract';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { useInstance } from '../../../entities/instance';
import { ApiError } from '../../../lib/api-client';
import { useFieldErrors } from '../../../lib/field-errors';
import { usePageTitle } from '../../../lib/page-title';
import {
  isPending,
  useSignup,
  useUsernameAvailability,
  type SignupExtras,
  type SignupInput,
} from '../api/auth';
import { AuthCard, FormError } from '../../../components/ui/auth-card';
import { AboutLink, authLinkClass } from './about-link';
import { ResendConfirmation } from './resend-confirmation';
import {
  fieldOfServerError,
  passwordHint,
  usernameError,
  validateSignup,
  type SignupErrors,
  type SignupField,
} from './signup-rules';

/** The field a refusal is about: the spec's messages say it in their words, Sync's own in the text. */
const fieldOfRefusal = (error: Error): SignupField | undefined =>
  (error instanceof ApiError ? error.field : undefined) ?? fieldOfServerError(error.message);

const hints = {
  username: `${Limits.usernameMin} to ${Limits.usernameMax} characters: letters, digits, "_" and ".".`,
  password: passwordHint,
};

/** What the community asks on top of the spec's form (issue 26), and what it says when it asks nothing. */
const community = {
  rulesHeading: 'The rules here',
  agreement: 'I agree to these rules',
  agreementMissing: 'Agree to the rules to join.',
  reason: 'Why do you want to join?',
  reasonHint: 'A moderator reads it before approving your account.',
  reasonMissing: 'Tell the moderators why you want to join.',
  inviteCode: 'Invite code',
  inviteMissing: 'Enter the code from your invite link.',
  closed: 'Sign-ups are closed here at the moment.',
  pendingTitle: 'Thanks — a moderator will review your request.',
  pendingText: 'You can log in once your account is approved.',
  checkEmailTitle: 'Check your email',
  checkEmailText: (email: string) =>
    `We sent a link to ${email}: open it to confirm your address, then log in. No message after a few minutes? Look in its spam folder, or send the link again.`,
};

/**
 * Joining: the spec's form, and what this community asks besides (`GET /api/instance`): its rules
 * accepted, a reason where a moderator approves each sign-up, an invite code (from `?invite=` or typed
 * in). Closed, it says so instead of the form, unless the link carries an invite.
 */
export function SignupForm() {
  usePageTitle('Join Sync');
  const instance = useInstance().data;
  const [params] = useSearchParams();
  const invite = params.get('invite')?.trim() ?? '';
  const signup = useSignup();

  let body: ReactNode;
  if (signup.data && isPending(signup.data)) {
    body =
      signup.data.waitingFor === 'email' ? (
        <CheckEmail email={signup.variables?.email ?? ''} />
      ) : (
        <Pending message={signup.data.message} />
      );
  } else if (instance?.registrations.mode === 'closed' && !invite) {
    body = <Closed message={instance.registrations.message} />;
  } else {
    body = <SignupFields instance={instance} invite={invite} signup={signup} />;
  }
  return (
    <AuthCard title="Join Sync">
      {body}
      <AboutLink />
    </AuthCard>
  );
}

function Pending({ message }: { message: string }) {
  return (
    <div role="status" className="flex flex-col gap-2 text-center">
      <p className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{community.pendingTitle}</p>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{message || community.pendingText}</p>
    </div>
  );
}

/** Where the instance requires it, the account waits for its address to be confirmed. */
function CheckEmail({ email }: { email: string }) {
  return (
    <div className="flex flex-col gap-4 text-center">
      <div role="status" className="flex flex-col gap-2">
        <p className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{community.checkEmailTitle}</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{community.checkEmailText(email)}</p>
      </div>
      <ResendConfirmation email={email} />
    </div>
  );
}

function Closed({ message }: { message: string }) {
  const location = useLocation();
  return (
    <div className="flex flex-col gap-3 text-center">
      <p className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{community.closed}</p>
      {message && <p className="text-sm whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">{message}</p>}
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Already have an account ?{' '}
        <Link to="/login" state={location.state} className={authLinkClass}>
          Login
        </Link>
      </p>
    </div>
  );
}

/**
 * Says while the username is typed whether it is free, once typing pauses on a name of the right shape
 * (the hint above tells the shape). A live region, there from the start and holding its line, so the
 * form does not move and a screen reader hears each answer once. Quiet while the field shows the
 * server's refusal, which says more; sign-up checks the name again.
 */
function UsernameStatus({ username, refused }: { username: string; refused: boolean }) {
  const checkable = username !== '' && usernameError(username) === undefined;
  const answer = useUsernameAvailability(username, checkable).data;
  const shown = checkable && !refused ? answer : undefined;
  const free = shown?.available === true;
  let text = '';
  if (free) text = `@${shown.username} is free`;
  else if (shown?.reason === 'taken') text = `@${shown.username} is taken`;
  else if (shown) text = shown.message ?? `@${shown.username} is not allowed`;
  return (
    <p
      role="status"
      aria-live="polite"
      className={`min-h-5 text-sm ${free ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`}
    >
      {text}
    </p>
  );
}

type FieldsProps = {
  instance: InstanceInfo | undefined;
  invite: string;
  signup: ReturnType<typeof useSignup>;
};

function SignupFields({ instance, invite, signup }: FieldsProps) {
  const [form, setForm] = useState<SignupInput>({
    firstName: '',
    lastName: '',
    username: '',
    email: '',
    password: '',
  });
  const [agreed, setAgreed] = useState(false);
  const [reason, setReason] = useState('');
  const [inviteCode, setInviteCode] = useState(invite);
  const { errors, check, refuse, changed } = useFieldErrors<SignupField>();
  const location = useLocation();
  const agreementErrorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const focusField = (key: string) =>
    formRef.current?.querySelector<HTMLInputElement>(`[name="${key}"]`)?.focus();

  const rules = instance?.rules ?? [];
  const mode = instance?.registrations.mode;
  const asks = {
    agreement: rules.length > 0,
    reason: mode === 'approval',
    inviteCode: mode === 'invite' || invite !== '',
  };

  /** A field's new value: its error (a refusal of the old value) goes at once. */
  const edit = <T,>(key: SignupField, set: (value: T) => void, value: T) => {
    set(value);
    changed(key);
  };

  const field = (key: keyof SignupInput) => ({
    name: key,
    required: true,
    value: form[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) =>
      edit(key, (value: string) => setForm((old) => ({ ...old, [key]: value })), event.target.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signup.isPending) return;
    const input = { ...form, username: form.username.trim(), email: form.email.trim() };
    const found: SignupErrors = validateSignup(input);
    if (asks.inviteCode && mode === 'invite' && !inviteCode.trim())
      found.inviteCode = community.inviteMissing;
    if (asks.reason && !reason.trim()) found.reason = community.reasonMissing;
    if (asks.agreement && !agreed) found.agreement = community.agreementMissing;
    if (!check(found)) return focusField(Object.keys(found)[0] ?? '');
    const extras: SignupExtras = {
      ...(asks.agreement && { agreement: true }),
      ...(asks.reason && reason.trim() && { reason: reason.trim() }),
      ...(asks.inviteCode && inviteCode.trim() && { inviteCode: inviteCode.trim() }),
    };
    signup.mutate(
      { ...input, ...extras },
      {
        // Focus reads the field's error once; a form-level error is a live alert instead.
        onError: (error) => {
          const key = fieldOfRefusal(error);
          refuse(error, key);
          if (key) focusField(key);
        },
      },
    );
  };

  const agreementError = errors.agreement;
  return (
    <>
      <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
        {instance?.registrations.message && (
          <p className="text-sm whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">
            {instance.registrations.message}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <div className="flex flex-col gap-1.5">
          <TextField label="Username" autoComplete="username" hint={hints.username} {...field('username')} />
          <UsernameStatus username={form.username.trim()} refused={errors.username !== undefined} />
        </div>
        <TextField label="Email address" type="email" autoComplete="email" {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={hints.password}
          {...field('password')}
        />
        {asks.inviteCode && (
          <TextField
            label={community.inviteCode}
            name="inviteCode"
            autoComplete="off"
            required={mode === 'invite'}
            value={inviteCode}
            error={errors.inviteCode}
            onChange={(event) => edit('inviteCode', setInviteCode, event.target.value)}
          />
        )}
        {asks.reason && (
          <TextAreaField
            label={community.reason}
            name="reason"
            required
            hint={community.reasonHint}
            maxLength={InstanceLimits.signupReasonMax}
            value={reason}
            error={errors.reason}
            onChange={(event) => edit('reason', setReason, event.target.value)}
          />
        )}
        {asks.agreement && (
          <section aria-labelledby="signup-rules" className="flex flex-col gap-2">
            <h2 id="signup-rules" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
              {community.rulesHeading}
            </h2>
            <ol className="flex list-decimal flex-col gap-1.5 rounded-lg border border-zinc-200 py-2 pr-3 pl-8 text-sm text-zinc-800 dark:border-zinc-700 dark:text-zinc-200">
              {rules.map((rule) => (
                <li key={rule.id}>
                  {rule.text}
                  {rule.hint && (
                    <span className="block text-xs text-zinc-600 dark:text-zinc-400">{rule.hint}</span>
                  )}
                </li>
              ))}
            </ol>
            <label className="flex items-start gap-3 text-sm font-medium text-zinc-800 dark:text-zinc-200">
              <input
                type="checkbox"
                name="agreement"
                required
                checked={agreed}
                onChange={(event) => edit('agreement', setAgreed, event.target.checked)}
                aria-invalid={agreementError ? true : undefined}
                aria-describedby={agreementError ? agreementErrorId : undefined}
                className="mt-0.5 size-4 accent-teal-700 focus-ring dark:accent-teal-400"
              />
              {community.agreement}
            </label>
            {agreementError && (
              <p id={agreementErrorId} className="text-sm text-red-700 dark:text-red-400">
                {agreementError}
              </p>
            )}
          </section>
        )}
        {/* An error the server tied to no field is said once, here. */}
        <FormError message={errors.form} />
        <Button type="submit" pending={signup.isPending} className="mt-2 w-full">
          Join Sync
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
        Already have an account ?{' '}
        <Link to="/login" state={location.state} className={authLinkClass}>
          Login
        </Link>
      </p>
    </>
  );
}
