import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MuteChoice } from '../api/relationships';
import { MuteDialog } from './mute-dialog';

const lena = { username: 'lena.hoffmann', firstName: 'Lena', lastName: 'Hoffmann' };

function renderDialog(error: Error | null = null) {
  const onMute = vi.fn<(choice: MuteChoice) => void>();
  const onOpenChange = vi.fn();
  render(
    <MuteDialog
      person={lena}
      open
      onOpenChange={onOpenChange}
      onMute={onMute}
      pending={false}
      error={error}
    />,
  );
  return { onMute, onOpenChange };
}

afterEach(cleanup);

describe('MuteDialog', () => {
  it('names whom, and starts with notifications hidden too, indefinitely', () => {
    const { onMute } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Mute @lena.hoffmann?' })).toBeTruthy();
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: 'Hide notifications from them too' }).checked,
    ).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Indefinitely' }).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(onMute).toHaveBeenCalledWith({ notifications: true, durationSeconds: null });
  });

  it('sends the duration chosen in seconds, and notifications left shown', () => {
    const { onMute } = renderDialog();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hide notifications from them too' }));
    fireEvent.click(screen.getByRole('radio', { name: '7 days' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(onMute).toHaveBeenCalledWith({ notifications: false, durationSeconds: 7 * 24 * 60 * 60 });
    fireEvent.click(screen.getByRole('radio', { name: '1 hour' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(onMute).toHaveBeenLastCalledWith({ notifications: false, durationSeconds: 3600 });
  });

  it("says the server's refusal in the dialog", () => {
    renderDialog(new Error('You cannot mute yourself.'));
    expect(screen.getByRole('alert').textContent).toBe('You cannot mute yourself.');
  });

  it('Cancel closes it without muting', () => {
    const { onMute, onOpenChange } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false, expect.anything());
    expect(onMute).not.toHaveBeenCalled();
  });
});
