import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSignup, type SignupInput } from '../api/auth';
import { AuthCard, FormError } from './auth-card';
import { useReturnPath } from './use-return-path';

export function SignupForm() {
  const [form, setForm] = useState<SignupInput>({
    firstName: '',
    lastName: '',
    username: '',
    email: '',
    password: '',
  });
  const signup = useSignup();
  const navigate = useNavigate();
  const location = useLocation();
  const returnPath = useReturnPath();
  const field = (key: keyof SignupInput) => ({
    name: key,
    required: true,
    value: form[key],
    onChange: (event: { target: { value: string } }) =>
      setForm((old) => ({ ...old, [key]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signup.isPending) return;
    signup.mutate(
      { ...form, username: form.username.trim(), email: form.email.trim() },
      {
        onSuccess: () => {
          toastSuccess('Account created', 'You are now Successfully signed up ');
          navigate(returnPath, { replace: true });
        },
        onError: (error) => toastError('Error', `Something went wrong\n${error.message}`),
      },
    );
  };

  return (
    <AuthCard title="Join Sync">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField
          label="Username"
          autoComplete="username"
          minLength={3}
          maxLength={30}
          pattern="[A-Za-z0-9_.]+"
          title="3 to 30 letters, digits, _ or ."
          {...field('username')}
        />
        <TextField label="Email address" type="email" autoComplete="email" {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          {...field('password')}
        />
        <FormError message={signup.error?.message} />
        <Button type="submit" disabled={signup.isPending} className="mt-2 w-full">
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
