import type { InstanceInfo } from '@sync/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getSession } from '../../../lib/session';
import { fakeApi, refusal } from '../../../lib/test/fake-api';
import { mediaConfiguration } from '../../../lib/test/media';
import { SignupForm } from './signup-form';

function instance(mode: InstanceInfo['registrations']['mode'], message = ''): InstanceInfo {
  return {
    title: 'Sync',
    description: '',
    contactEmail: '',
    owner: null,
    moderators: [],
    rules: [{ id: 'r1', text: 'Be kind', hint: '' }],
    registrations: { mode, message },
    media: mediaConfiguration,
  };
}

type Handlers = Parameters<typeof fakeApi>[0];

function renderForm(info: InstanceInfo, path = '/signup', signup?: Handlers[string], more: Handlers = {}) {
  const api = fakeApi({
    'GET /instance': () => ({ body: { instance: info } }),
    ...(signup && { 'POST /auth/signup': signup }),
    ...more,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <SignupForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

function fillIn() {
  const values: Record<string, string> = {
    'First name': 'Ada',
    'Last name': 'Lovelace',
    Username: 'ada.l',
    'Email address': 'ada@example.com',
    Password: 'a-long-password',
  };
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
  }
}

const posted = (api: ReturnType<typeof fakeApi>) =>
  api.sent.find((request) => request.method === 'POST' && request.path === '/auth/signup')?.body;

const join = () => fireEvent.click(screen.getByRole('button', { name: 'Join Sync' }));

afterEach(() => {
  cleanup();
  clearSession();
});

describe('SignupForm', () => {
  it('shows the rules and will not send before they are agreed to; then sends agreement: true', async () => {
    const api = renderForm(instance('open'), '/signup', () => ({
      status: 201,
      body: { encodedToken: 'token', createdUser: { _id: 'u1', username: 'ada.l' } },
    }));
    try {
      expect(await screen.findByText('Be kind')).toBeTruthy();
      fillIn();
      join();
      expect(screen.getByText('Agree to the rules to join.')).toBeTruthy();
      expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'I agree to these rules' }));
      expect(api.sent.some((r) => r.method === 'POST')).toBe(false);
      fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to these rules' }));
      join();
      await waitFor(() => expect(getSession()?.token).toBe('token'));
      expect(posted(api)).toMatchObject({ username: 'ada.l', agreement: true });
      expect(posted(api)).not.toHaveProperty('reason');
    } finally {
      api.restore();
    }
  });

  it('under required confirmation, answered 202, says to check the email and offers the link again', async () => {
    const api = renderForm(instance('open'), '/signup', () => ({
      status: 202,
      body: { pending: true, message: 'Thank you for signing up!', waitingFor: 'email' },
    }));
    try {
      await screen.findByText('Be kind');
      fillIn();
      fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to these rules' }));
      join();
      expect(await screen.findByText('Check your email')).toBeTruthy();
      expect(screen.getByText(/We sent a link to ada@example.com/)).toBeTruthy();
      expect(getSession()).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
      await waitFor(() =>
        expect(api.sent.at(-1)).toMatchObject({
          path: '/auth/confirmation/resend',
          body: { email: 'ada@example.com' },
        }),
      );
    } finally {
      api.restore();
    }
  });

  it('asks why in approval mode and, answered 202, says a moderator will review the request', async () => {
    const api = renderForm(instance('approval'), '/signup', () => ({
      status: 202,
      body: { pending: true, message: '', waitingFor: 'approval' },
    }));
    try {
      const reason = await screen.findByLabelText('Why do you want to join?', { exact: false });
      fillIn();
      fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to these rules' }));
      join();
      expect(screen.getByText('Tell the moderators why you want to join.')).toBeTruthy();
      expect(document.activeElement).toBe(reason);
      fireEvent.change(reason, { target: { value: 'I knit.' } });
      join();
      expect(await screen.findByText('Thanks — a moderator will review your request.')).toBeTruthy();
      expect(posted(api)).toMatchObject({ reason: 'I knit.', agreement: true });
      expect(getSession()).toBeNull();
    } finally {
      api.restore();
    }
  });

  it('takes the invite code from the link', async () => {
    const api = renderForm(instance('invite'), '/signup?invite=ABC123', () => ({
      status: 201,
      body: { encodedToken: 'token', createdUser: { _id: 'u1', username: 'ada.l' } },
    }));
    try {
      fireEvent.click(await screen.findByRole('checkbox', { name: 'I agree to these rules' }));
      expect(screen.getByLabelText<HTMLInputElement>('Invite code', { exact: false }).value).toBe('ABC123');
      fillIn();
      join();
      await waitFor(() => expect(getSession()?.token).toBe('token'));
      expect(posted(api)).toMatchObject({ inviteCode: 'ABC123' });
    } finally {
      api.restore();
    }
  });

  it('says sign-ups are closed instead of showing the form, unless the link carries an invite', async () => {
    const api = renderForm(instance('closed', 'Back in spring.'));
    try {
      expect(await screen.findByText('Sign-ups are closed here at the moment.')).toBeTruthy();
      expect(screen.getByText('Back in spring.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Join Sync' })).toBeNull();
    } finally {
      api.restore();
    }
    cleanup();
    const invited = renderForm(instance('closed'), '/signup?invite=XYZ');
    try {
      expect(await screen.findByLabelText<HTMLInputElement>('Invite code', { exact: false })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Join Sync' })).toBeTruthy();
    } finally {
      invited.restore();
    }
  });

  it('says a taken username at its field, in a person’s words, and takes it back as soon as it is edited', async () => {
    const api = renderForm(instance('open'), '/signup', () =>
      refusal(422, 'Unprocessable Entity. Username Already Exists.'),
    );
    try {
      fireEvent.click(await screen.findByRole('checkbox', { name: 'I agree to these rules' }));
      fillIn();
      join();
      const username = screen.getByLabelText('Username', { exact: false });
      await waitFor(() => expect(document.activeElement).toBe(username));
      expect(username.getAttribute('aria-invalid')).toBe('true');
      const described = username.getAttribute('aria-describedby') ?? '';
      expect(described.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(
        'That username is taken. Try another one.',
      );
      expect(screen.queryByText(/Unprocessable Entity/)).toBeNull();
      // Another field's edit leaves it; its own takes it back at once, before any new submit.
      fireEvent.change(screen.getByLabelText('First name', { exact: false }), { target: { value: 'Ada B' } });
      expect(screen.getByText('That username is taken. Try another one.')).toBeTruthy();
      fireEvent.change(username, { target: { value: 'ada.l2' } });
      expect(screen.queryByText('That username is taken. Try another one.')).toBeNull();
      expect(username.getAttribute('aria-invalid')).toBeNull();
    } finally {
      api.restore();
    }
  });

  it('says whether the username is free once typing pauses, asking once per pause', async () => {
    const taken = new Set(['maya.chen']);
    const api = renderForm(instance('open'), '/signup', undefined, {
      'GET /auth/username-available': ({ query }) => {
        const name = query.get('username') ?? '';
        return {
          body: taken.has(name.toLowerCase())
            ? { available: false, reason: 'taken', message: 'Unprocessable Entity. Username Already Exists.' }
            : { available: true },
        };
      },
    });
    const asked = () =>
      api.sent.filter((r) => r.path === '/auth/username-available').map((r) => r.query.get('username'));
    try {
      const field = await screen.findByLabelText('Username', { exact: false });
      const status = screen.getByRole('status');
      for (const value of ['a', 'ad', 'ada', 'ada.', 'ada.l']) fireEvent.change(field, { target: { value } });
      await waitFor(() => expect(status.textContent).toBe('@ada.l is free'));
      expect(asked()).toEqual(['ada.l']);
      fireEvent.change(field, { target: { value: 'Maya.Chen' } });
      // The last answer stays until the next one: the line changes once, not on each key.
      expect(status.textContent).toBe('@ada.l is free');
      await waitFor(() => expect(status.textContent).toBe('@Maya.Chen is taken'));
      // A name of the wrong shape is not asked about: the hint tells the rule.
      fireEvent.change(field, { target: { value: 'no spaces' } });
      expect(status.textContent).toBe('');
      expect(asked()).toEqual(['ada.l', 'Maya.Chen']);
    } finally {
      api.restore();
    }
  });

  it('checks with its own words, never the browser’s bubbles', async () => {
    const api = renderForm(instance('open'));
    try {
      const join = await screen.findByRole('button', { name: 'Join Sync' });
      expect(join.closest('form')?.noValidate).toBe(true);
      fireEvent.click(join);
      expect(screen.getByText('Enter your first name.')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('First name', { exact: false }), { target: { value: 'A' } });
      expect(screen.queryByText('Enter your first name.')).toBeNull();
      expect(screen.getByText('Enter your last name.')).toBeTruthy();
    } finally {
      api.restore();
    }
  });
});
