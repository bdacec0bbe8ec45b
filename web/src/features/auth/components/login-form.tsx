import type { LoginBody } from '@sync/contract';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { toastError, toastSuccess } from '../../../lib/toast';
import { GUEST, useLogin } from '../api/auth';
import { AuthCard, FormError } from './auth-card';
import { useReturnPath } from './use-return-path';

export function LoginForm() {
  const [form, setForm] = useState({ username: '', password: '' });
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();
  const returnPath = useReturnPath();

  const signIn = (body: LoginBody) => {
    if (login.isPending) return;
    login.mutate(body, {
      onSuccess: () => {
        toastSuccess('Loged In.', 'You are now Successfully loged in ');
        navigate(returnPath, { replace: true });
      },
      onError: (error) => toastError('Error', `Something went wrong\n${error.message}`),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn(form);
  };

  return (
    <AuthCard title="Log in to Sync">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="User Name"
          name="username"
          autoComplete="username"
          required
          value={form.username}
          onChange={(event) => setForm({ ...form, username: event.target.value })}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={form.password}
          onChange={(event) => setForm({ ...form, password: event.target.value })}
        />
        <FormError message={login.error?.message} />
        <Button type="submit" disabled={login.isPending} className="mt-2 w-full">
          Log in
        </Button>
        <Button
          variant="secondary"
          disabled={login.isPending}
          className="w-full"
          onClick={() => signIn(GUEST)}
        >
          Guest Login
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
        New here?{' '}
        <Link
          to="/signup"
          state={location.state}
          className="font-semibold text-teal-700 hover:underline focus-ring dark:text-teal-400"
        >
          join Sync
        </Link>
      </p>
    </AuthCard>
  );
}
