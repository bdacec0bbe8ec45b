import type { Filter } from '@sync/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, refusal } from '../../../lib/test/fake-api';
import { FilterSettings } from './filter-settings';

const politics: Filter = {
  id: 'f1',
  title: 'Politics',
  context: ['home', 'public'],
  action: 'warn',
  expiresAt: null,
  keywords: [
    { id: 'k1', keyword: 'election', wholeWord: true },
    { id: 'k2', keyword: 'ballot box', wholeWord: false },
  ],
};

function renderSettings() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FilterSettings />
    </QueryClientProvider>,
  );
}

const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const box = (name: string | RegExp) => screen.getByRole<HTMLInputElement>('checkbox', { name });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Settings → Filters', () => {
  it('lists each filter: its title, what it does, where, and its keywords', async () => {
    fakeApi({ 'GET /filters': () => ({ body: { filters: [politics] } }) });
    renderSettings();
    const list = await screen.findByRole('list', { name: 'Filters' });
    const entry = within(list).getByRole('listitem');
    expect(within(entry).getByRole('heading', { name: 'Politics' })).toBeTruthy();
    expect(entry.textContent).toContain('Hide behind a warning · Following, Everyone, tags and search');
    expect(entry.textContent).toContain('2 keywords: election, ballot box');
    expect(within(entry).getByRole('button', { name: 'Edit filter Politics' })).toBeTruthy();
  });

  it('a new filter: the form opens focused, checks what is missing, and sends what was chosen', async () => {
    const created: Filter = { ...politics, id: 'f2', title: 'Spoilers', keywords: [] };
    const api = fakeApi({
      'GET /filters': () => ({ body: { filters: [] } }),
      'POST /filters': () => ({ status: 201, body: { filter: created } }),
    });
    renderSettings();
    await screen.findByText('You have no filters.');
    fireEvent.click(screen.getByRole('button', { name: 'New filter' }));
    const title = field('Title');
    expect(document.activeElement).toBe(title);

    // Nothing written: the title is asked for first, and nothing is sent.
    for (const context of ['Following', 'Everyone, tags and search', 'Comments', 'Profiles'])
      fireEvent.click(box(context));
    fireEvent.click(screen.getByRole('button', { name: 'Save filter' }));
    expect(document.activeElement).toBe(title);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.getAttribute('aria-describedby')).toContain(screen.getByText('Give the filter a title.').id);

    fireEvent.change(title, { target: { value: ' Spoilers ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save filter' }));
    expect(document.activeElement).toBe(box('Following'));
    expect(screen.getByText('Choose at least one place to filter in.')).toBeTruthy();

    fireEvent.click(box('Comments'));
    fireEvent.click(screen.getByRole('button', { name: 'Save filter' }));
    expect(document.activeElement).toBe(field('Keyword 1'));
    expect(screen.getByText('Add at least one keyword or phrase.')).toBeTruthy();

    fireEvent.change(field('Keyword 1'), { target: { value: 'finale' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add keyword' }));
    expect(document.activeElement).toBe(field('Keyword 2'));
    fireEvent.change(field('Keyword 2'), { target: { value: ' season five ' } });
    fireEvent.click(box(/^Whole word, keyword 2/));
    fireEvent.click(screen.getByRole('button', { name: 'Add keyword' }));
    // An empty keyword row is left out.
    fireEvent.click(screen.getByRole('radio', { name: /Hide completely/ }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Expires after' }), {
      target: { value: String(7 * 24 * 3600) },
    });
    expect(api.sent.filter((request) => request.method === 'POST')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Save filter' }));

    await screen.findByText('Filter “Spoilers” saved.');
    expect(api.sent.at(-1)).toMatchObject({
      method: 'POST',
      path: '/filters',
      body: {
        title: 'Spoilers',
        context: ['thread'],
        action: 'hide',
        expiresInSeconds: 604800,
        keywords: [
          { keyword: 'finale', wholeWord: true },
          { keyword: 'season five', wholeWord: false },
        ],
      },
    });
    expect(screen.queryByRole('button', { name: 'Save filter' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit filter Spoilers' })),
    );
  });

  it('edit: the form holds the filter; an expiry left as it is is not sent; a keyword removed passes focus on', async () => {
    const timed = { ...politics, expiresAt: '2030-01-01T12:00:00.000Z' };
    const api = fakeApi({
      'GET /filters': () => ({ body: { filters: [timed] } }),
      'PUT /filters/f1': ({ body }) => ({ body: { filter: { ...timed, ...(body as object) } } }),
    });
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit filter Politics' }));
    expect(screen.getByRole('form', { name: 'Edit filter Politics' })).toBeTruthy();
    expect(field('Title').value).toBe('Politics');
    expect(box('Following').checked).toBe(true);
    expect(box('Comments').checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Hide behind a warning/ }).checked).toBe(true);
    expect(
      screen.getByRole<HTMLSelectElement>('combobox', { name: 'Expires after' }).selectedOptions[0]?.text,
    ).toMatch(/^As it is: Until /);
    expect([field('Keyword 1').value, field('Keyword 2').value]).toEqual(['election', 'ballot box']);
    expect(box(/^Whole word, keyword 2/).checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Remove keyword 1' }));
    expect(field('Keyword 1').value).toBe('ballot box');
    expect(document.activeElement).toBe(field('Keyword 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Save filter' }));

    await screen.findByText('Filter “Politics” saved.');
    expect(api.sent.at(-1)).toEqual({
      method: 'PUT',
      path: '/filters/f1',
      query: expect.anything(),
      body: {
        title: 'Politics',
        context: ['home', 'public'],
        action: 'warn',
        keywords: [{ keyword: 'ballot box', wholeWord: false }],
      },
    });
  });

  it("the server's refusal is shown, and the form stays", async () => {
    fakeApi({
      'GET /filters': () => ({ body: { filters: [politics] } }),
      'PUT /filters/f1': () => refusal(404, 'No filter with id "f1" exists.'),
    });
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit filter Politics' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save filter' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No filter with id "f1" exists.');
    expect(field('Title').value).toBe('Politics');
  });

  it('Cancel closes the form and gives focus back to what opened it', async () => {
    fakeApi({ 'GET /filters': () => ({ body: { filters: [politics] } }) });
    renderSettings();
    const edit = await screen.findByRole('button', { name: 'Edit filter Politics' });
    fireEvent.click(edit);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit filter Politics' })),
    );
  });

  it('Delete asks first, then the filter leaves the list', async () => {
    const api = fakeApi({
      'GET /filters': () => ({ body: { filters: [politics] } }),
      'DELETE /filters/f1': () => ({ body: { deleted: 'f1' } }),
    });
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete filter Politics' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the filter “Politics”?' });
    expect(api.sent.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Filter “Politics” deleted.');
    expect(screen.queryByRole('heading', { name: 'Politics' })).toBeNull();
    expect(api.sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/filters/f1' });
  });
});
