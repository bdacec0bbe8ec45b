import { Limits } from '@sync/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard, FormError } from '../../../components/ui/auth-card';
import { chooseHomeTab } from '../../../entities/posts';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { usePageTitle } from '../../../lib/page-title';
import { useMe } from '../../../lib/session';
import { useFinishOnboarding } from '../api/onboarding';

/** The steps, in order; the last one leads home. */
const STEPS = ['profile', 'people'] as const;
type Step = (typeof STEPS)[number];

const text = {
  title: 'Welcome',
  step: (index: number) => `Step ${index + 1} of ${STEPS.length}`,
  profile: {
    heading: (firstName: string) => `Welcome to Sync, ${firstName}`,
    intro: 'Add a picture and a few words about yourself, so people know who they are following.',
  },
  people: {
    heading: 'Follow a few people',
    intro: 'Their posts fill your Following feed. You can follow or unfollow anyone later.',
  },
  continue: 'Continue',
  done: 'Go to my feed',
  skip: 'Skip',
  skipHint: 'Skip the welcome (Escape)',
};

/** Where the welcome leads: the page the sign-in was heading to, if it was in this app, else home. */
function useNextPath(): string {
  const next = useSearchParams()[0].get('next') ?? '/';
  return next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/**
 * The step, kept in the address (`?step=people`): a reload stays on it, and Back returns to the
 * step before.
 */
function useStepInAddress(): [Step, (step: Step) => void] {
  const [params, setParams] = useSearchParams();
  const named = params.get('step');
  const step = STEPS.find((each) => each === named) ?? STEPS[0];
  const goTo = (next: Step) =>
    setParams((current) => {
      const changed = new URLSearchParams(current);
      changed.set('step', next);
      return changed;
    });
  return [step, goTo];
}

/**
 * The welcome after sign-up, and once for an account that never had it (docs/decisions/101): a
 * picture and a bio, then a few people to follow, then home. Each step's heading takes focus and
 * says which step it is; Skip, or Escape, ends it anywhere, and it does not come back.
 */
export function Welcome({
  picture,
  people,
  saveBio,
  onFinished,
}: {
  /** The profile step's picture field: it sends a chosen picture at once. */
  picture: ReactNode;
  /** Suggested people, each with a Follow button. */
  people: ReactNode;
  saveBio: (bio: string) => Promise<unknown>;
  /** The welcome was finished or skipped, and the server knows. */
  onFinished: () => void;
}) {
  usePageTitle(text.title);
  const me = useMe();
  const navigate = useNavigate();
  const nextPath = useNextPath();
  const finish = useFinishOnboarding();
  const [step, setStep] = useStepInAddress();
  const index = STEPS.indexOf(step);

  const leave = () => {
    if (finish.isPending) return;
    finish.mutate(undefined, {
      onSuccess: () => {
        onFinished();
        // The posts of whom they followed are on the Following tab: home opens there.
        if (me.followingCount > 0) chooseHomeTab('following');
        void navigate(nextPath, { replace: true });
      },
    });
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) leave();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const heading = step === 'profile' ? text.profile.heading(me.firstName) : text.people.heading;
  return (
    <AuthCard
      title={
        <StepHeading key={step} step={text.step(index)}>
          {heading}
        </StepHeading>
      }
    >
      {step === 'profile' ? (
        <ProfileStep
          picture={picture}
          saveBio={saveBio}
          onContinue={() => setStep('people')}
          skip={<Skip onSkip={leave} />}
        />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{text.people.intro}</p>
          {people}
          <Actions>
            <Skip onSkip={leave} />
            <Button pending={finish.isPending} onClick={leave}>
              {text.done}
            </Button>
          </Actions>
        </div>
      )}
      <FormError message={finish.error?.message} />
    </AuthCard>
  );
}

/** The heading of a step: which of how many, then its name, read together as it takes focus. */
function StepHeading({ step, children }: { step: string; children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const heading = ref.current?.closest('h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: false });
  }, []);
  return (
    <span ref={ref}>
      <span className="mb-1 block text-sm font-semibold text-teal-700 dark:text-teal-400">
        {step}
        <span className="sr-only">:</span>
      </span>
      {children}
    </span>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-2 flex flex-wrap items-center justify-end gap-2">{children}</div>;
}

function Skip({ onSkip }: { onSkip: () => void }) {
  return (
    <Button variant="ghost" aria-keyshortcuts="Escape" title={text.skipHint} onClick={onSkip}>
      {text.skip}
    </Button>
  );
}

/** A picture (sent as soon as it is chosen) and a bio (saved on Continue, when it changed). */
function ProfileStep({
  picture,
  saveBio,
  onContinue,
  skip,
}: {
  picture: ReactNode;
  saveBio: (bio: string) => Promise<unknown>;
  onContinue: () => void;
  skip: ReactNode;
}) {
  const me = useMe();
  const [bio, setBio] = useState(me.bio);
  const save = useMutation({ mutationFn: saveBio });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (bio === me.bio) onContinue();
    else save.mutate(bio, { onSuccess: onContinue });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{text.profile.intro}</p>
      {picture}
      <TextAreaField
        label="Bio"
        value={bio}
        onChange={(event) => setBio(event.target.value)}
        maxLength={Limits.bio}
      />
      <FormError message={save.error?.message} />
      <Actions>
        {skip}
        <Button type="submit" pending={save.isPending}>
          {text.continue}
        </Button>
      </Actions>
    </form>
  );
}
