import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../../lib/session';
import { fakeApi, refusal } from '../../../lib/test/fake-api';
import { ConfirmEmail } from './confirm-email';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { ResetPasswordForm } from './reset-password-form';

function renderAt(path: string, page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginForm />} />
          <Route path="*" element={page} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const sentMessage = 'If an account uses that address, we sent it a link to reset the password.';

afterEach(() => {
  cleanup();
  clearSession();
});

describe('Forgot password?', () => {
  it('checks the address at its field, then shows the server’s answer in place of the form', async () => {
    const api = fakeApi({
      'POST /auth/password-reset': () => ({ status: 202, body: { message: sentMessage } }),
    });
    renderAt('/forgot-password', <ForgotPasswordForm />);
    const field = screen.getByLabelText(/^Email address/);
    fireEvent.change(field, { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(api.sent).toHaveLength(0);
    fireEvent.change(field, { target: { value: ' ada@example.com ' } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect((await screen.findByRole('status')).textContent).toBe(sentMessage);
    expect(api.sent[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it('says the rate limit’s refusal at the field, in words', async () => {
    const limited = 'Several emails were sent to this address in the last hour. Try again in 41 minutes.';
    fakeApi({ 'POST /auth/password-reset': () => refusal(429, limited) });
    renderAt('/forgot-password', <ForgotPasswordForm />);
    const field = screen.getByLabelText(/^Email address/);
    fireEvent.change(field, { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText(limited)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(screen.getByText(limited).id);
  });
});

describe('the reset link’s page', () => {
  it('holds the new password to the sign-up’s rule, then takes the person to log in with it', async () => {
    const api = fakeApi({
      'POST /auth/password-reset/check': () => ({ body: { usable: true } }),
      'POST /auth/password-reset/confirm': () => ({ body: { reset: true } }),
    });
    renderAt('/reset-password?token=abc', <ResetPasswordForm />);
    const field = screen.getByLabelText(/^New password/);
    expect(screen.getByText(/At least 8 characters/)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(screen.getByText('Password must be at least 8 characters long.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'a-new-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByText('Your password has been changed: log in with the new one.')).toBeTruthy();
    expect(api.sent.at(-1)?.body).toEqual({ token: 'abc', newPassword: 'a-new-password' });
  });

  it('says at once that a used link no longer works, without offering the form', async () => {
    fakeApi({ 'POST /auth/password-reset/check': () => ({ body: { usable: false } }) });
    renderAt('/reset-password?token=used', <ResetPasswordForm />);
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeTruthy();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('explains a link refused at submission and offers a new one', async () => {
    fakeApi({
      'POST /auth/password-reset/check': () => ({ body: { usable: true } }),
      'POST /auth/password-reset/confirm': () => refusal(400, 'This link was already used or has expired.'),
    });
    renderAt('/reset-password?token=used', <ResetPasswordForm />);
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'a-new-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});

describe('the confirmation link’s page', () => {
  it('confirms a new address once, with the address-change route', async () => {
    const api = fakeApi({
      'POST /account/email/confirm': () => ({ body: { email: 'new@example.com', confirmed: true } }),
    });
    renderAt('/confirm-email?token=t1&change=1', <ConfirmEmail />);
    expect(await screen.findByText('Your email address is now new@example.com.')).toBeTruthy();
    expect(api.sent.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('offers a new sign-up link when the link no longer works', async () => {
    fakeApi({ 'POST /auth/confirm': () => refusal(400, 'This link was already used or has expired.') });
    renderAt('/confirm-email?token=old', <ConfirmEmail />);
    expect(await screen.findByRole('heading', { name: 'This link did not work' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeTruthy();
  });
});

describe('login under required confirmation', () => {
  it('offers a new link when the address is not confirmed', async () => {
    const api = fakeApi({
      'POST /auth/login': () =>
        refusal(
          403,
          'Please confirm your email address first: open the link we sent to it. No message? Ask for a new link.',
        ),
      'POST /auth/confirmation/resend': () => ({
        status: 202,
        body: { message: 'If an account uses it, sent.' },
      }),
    });
    renderAt('/login', null);
    fireEvent.change(screen.getByLabelText(/^User Name/), { target: { value: 'ada.l' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'a-long-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const resend = await screen.findByRole('button', { name: 'Send the link again' });
    fireEvent.change(screen.getByLabelText(/^Email address/), { target: { value: 'ada@example.com' } });
    fireEvent.click(resend);
    expect(await screen.findByText('If an account uses it, sent.')).toBeTruthy();
    expect(api.sent.at(-1)?.body).toEqual({ email: 'ada@example.com' });
  });
});
