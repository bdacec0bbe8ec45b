import { Limits } from '@sync/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { usePageTitle } from '../../../lib/page-title';
import { useSignup, type SignupInput } from '../api/auth';
import { AuthCard, FormError } from '../../../components/ui/auth-card';
import { fieldOfServerError, validateSignup, type SignupErrors } from './signup-rules';

const hints = {
  username: `${Limits.usernameMin} to ${Limits.usernameMax} characters: letters, digits, "_" and ".".`,
  password: `At least ${Limits.passwordMin} characters.`,
};

export function SignupForm() {
  usePageTitle('Join Sync');
  const [form, setForm] = useState<SignupInput>({
    firstName: '',
    lastName: '',
    username: '',
    email: '',
    password: '',
  });
  const [errors, setErrors] = useState<SignupErrors>({});
  const signup = useSignup();
  const location = useLocation();
  const formErrorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const focusField = (key: string) =>
    formRef.current?.querySelector<HTMLInputElement>(`[name="${key}"]`)?.focus();

  const serverError = signup.error?.message;
  const serverField = serverError ? fieldOfServerError(serverError) : undefined;
  const errorOf = (key: keyof SignupInput) => errors[key] ?? (serverField === key ? serverError : undefined);

  const field = (key: keyof SignupInput) => ({
    name: key,
    required: true,
    value: form[key],
    error: errorOf(key),
    onChange: (event: { target: { value: string } }) =>
      setForm((old) => ({ ...old, [key]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signup.isPending) return;
    const input = { ...form, username: form.username.trim(), email: form.email.trim() };
    const found = validateSignup(input);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) return focusField(first);
    signup.mutate(input, {
      // Focus reads the field's error once; a form-level error is a live alert instead.
      onError: (error) => {
        const key = fieldOfServerError(error.message);
        if (key) focusField(key);
      },
    });
  };

  return (
    <AuthCard title="Join Sync">
      <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField label="Username" autoComplete="username" hint={hints.username} {...field('username')} />
        <TextField label="Email address" type="email" autoComplete="email" {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={hints.password}
          {...field('password')}
        />
        {/* An error the server tied to no field is said once, here. */}
        <FormError id={formErrorId} message={serverField ? undefined : serverError} />
        <Button type="submit" pending={signup.isPending} className="mt-2 w-full">
          Join Sync
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
        Already have an account ?{' '}
        <Link
          to="/login"
          state={location.state}
          className="font-semibold text-teal-700 hover:underline focus-ring dark:text-teal-400"
        >
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
