import type { AccountState } from '@sync/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../lib/test/fake-api';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccount } from './delete-account';
import { EmailSetting } from './email-setting';

const account = (sharedGuest: boolean): AccountState => ({
  email: 'guest@example.com',
  emailConfirmed: true,
  emailConfirmation: 'optional',
  sharedGuest,
  onboarded: true,
});

function renderSettings(sharedGuest: boolean) {
  fakeApi({ 'GET /account': () => ({ body: { account: account(sharedGuest) } }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EmailSetting />
      <ChangePasswordForm />
      <DeleteAccount />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('the shared guest in Settings (decision 100)', () => {
  it('cannot change its password or delete itself, and is told why', async () => {
    renderSettings(true);
    const why = await screen.findByText(/The shared guest account cannot change its password/);
    // Inside a disabled fieldset: the controls match :disabled though their own attribute is unset.
    expect(screen.getByRole('button', { name: 'Change password' }).matches(':disabled')).toBe(true);
    expect(screen.getByLabelText(/^Current password/).matches(':disabled')).toBe(true);
    const remove = screen.getByRole('button', { name: 'Delete my account…' });
    expect(remove).toHaveProperty('disabled', true);
    const described = document.getElementById(remove.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toMatch(/^The shared guest account cannot be deleted/);
    expect(why.id).toBe('password-locked');
    const emailWhy = screen.getByText(/The shared guest account cannot change its email address/);
    expect(screen.getByRole('button', { name: 'Change email' }).matches(':disabled')).toBe(true);
    expect(screen.getByLabelText(/^New email address/).matches(':disabled')).toBe(true);
    expect(emailWhy.id).toBe('email-locked');
    expect(screen.getByText('guest@example.com')).toBeTruthy();
    expect(screen.getByText(/Confirmed/)).toBeTruthy();
  });

  it('leaves everyone else the controls', async () => {
    renderSettings(false);
    expect((await screen.findByRole('button', { name: 'Change password' })).matches(':disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Delete my account…' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Change email' }).matches(':disabled')).toBe(false);
    expect(screen.queryByText(/shared guest/)).toBeNull();
  });
});
