import type { EditHistoryReply, EditVersion } from '@sync/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EditedMarker } from './edited-marker';

afterEach(cleanup);
// The dialog is a lazy module: loaded once here, so no test waits on the first import.
beforeAll(() => import('./history-dialog'));

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function version(fields: Partial<EditVersion>): EditVersion {
  return { text: '', sensitive: false, media: [], writtenAt: minutesAgo(30), replacedAt: null, ...fields };
}

/** Oldest first, as the server lists them. */
const versions: EditVersion[] = [
  version({
    text: 'Sunset at the lake',
    media: [{ id: 'm1', description: 'A lake' }],
    writtenAt: minutesAgo(30),
    replacedAt: minutesAgo(20),
  }),
  version({
    text: 'Sunset at the quiet lake',
    media: [{ id: 'm1', description: 'A lake at dusk' }],
    writtenAt: minutesAgo(20),
    replacedAt: minutesAgo(10),
  }),
  version({ text: 'Sunrise at the quiet lake', sensitive: true, writtenAt: minutesAgo(10) }),
];

function renderMarker(queryFn: () => Promise<EditHistoryReply> = async () => ({ versions })) {
  const load = vi.fn(queryFn);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <p>
        <EditedMarker editedAt={minutesAgo(10)} history={{ queryKey: ['history', 'p1'], queryFn: load }} />
      </p>
    </QueryClientProvider>,
  );
  return { load, button: screen.getByRole('button', { name: 'Edited (show edit history)' }) };
}

describe('EditedMarker', () => {
  it('is a button with the time of the last edit, and asks for nothing until pressed', () => {
    const { load, button } = renderMarker();
    // A native button: the keyboard reaches it with Tab and presses it with Enter or Space.
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('type')).toBe('button');
    expect(button.querySelector('time')?.getAttribute('dateTime')).toBeTruthy();
    expect(button.title).toMatch(/^Edited /);
    expect(load).not.toHaveBeenCalled();
  });

  it('lists the versions newest first, the current one marked, with the changes highlighted', async () => {
    const { load, button } = renderMarker();
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Edit history' });
    await within(dialog).findByText('Current version');
    expect(within(dialog).getByText(/^Newest first/)).toBeTruthy();
    const list = dialog.querySelector('ol')!;
    const entries = Array.from(list.children) as HTMLElement[];
    expect(entries).toHaveLength(3);
    expect(load).toHaveBeenCalledTimes(1);

    // Newest first: the current version, then edit 1, then the original.
    const [current, edit, original] = entries as [HTMLElement, HTMLElement, HTMLElement];
    expect(current.getAttribute('aria-current')).toBe('true');
    expect(current.textContent).toContain('Edit 2');
    expect(current.textContent).toContain('Current version');
    expect(current.querySelector('time')?.textContent).toBe('10 minutes ago');
    expect(edit.getAttribute('aria-current')).toBeNull();
    expect(edit.textContent).not.toContain('Current version');
    expect(original.textContent).toContain('Original');
    expect(original.querySelector('time')?.textContent).toBe('30 minutes ago');

    // Each version against the one before it: a changed word removed then added, an added word.
    const text = (element: Element | null) => element?.textContent?.replace(/\((added|removed): |\)/g, '');
    expect(text(current.querySelector('del'))).toBe('Sunset');
    expect(text(current.querySelector('ins'))).toBe('Sunrise');
    expect(text(edit.querySelector('p ins'))).toBe('quiet ');
    expect(original.querySelector('ins, del')).toBeNull();
    expect(original.textContent).toContain('Sunset at the lake');
    // Not by colour alone: screen readers are told, and the eye has the underline or strike-through.
    expect(current.querySelector('ins')?.textContent).toBe('(added: Sunrise)');
    expect(current.querySelector('ins')?.className).toContain('underline');
    expect(current.querySelector('del')?.className).toContain('line-through');

    // Besides the text: the sensitive flag, an image's description, an image removed.
    expect(current.textContent).toContain('Marked sensitive');
    expect(current.textContent).toContain('Image removed');
    expect(edit.textContent).toContain('Image 1, description changed');
    expect(text(edit.querySelector('li li ins'))).toBe(' at dusk');
    expect(original.textContent).toContain('Image 1: “A lake”');
  });

  it('closes with Escape and gives focus back to "Edited"; a second opening uses the loaded history', async () => {
    const { load, button } = renderMarker();
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Edit history' });
    await within(dialog).findByText('Current version');

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));

    fireEvent.click(button);
    const again = await screen.findByRole('dialog', { name: 'Edit history' });
    expect(within(again).getByText('Current version')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says so when the history could not be loaded, and tries again on Retry', async () => {
    let fail = true;
    const { load, button } = renderMarker(async () => {
      if (fail) throw new Error('offline');
      return { versions };
    });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Edit history' });
    expect((await within(dialog).findByRole('alert')).textContent).toContain('could not be loaded');
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('Current version')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
