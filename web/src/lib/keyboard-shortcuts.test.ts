import { describe, expect, it } from 'vitest';
import {
  createShortcutReader,
  SEQUENCE_TIMEOUT_MS,
  SHORTCUTS,
  type ShortcutAction,
} from './keyboard-shortcuts';
import { isTypingTarget } from './typing-target';

const all = new Set(SHORTCUTS.map((shortcut) => shortcut.action));

function key(value: string, extra: Partial<KeyboardEvent> & { target?: EventTarget | null } = {}) {
  return { key: value, ctrlKey: false, metaKey: false, altKey: false, target: document.body, ...extra };
}

describe('keyboard shortcuts', () => {
  it('maps single keys to their actions', () => {
    const read = createShortcutReader(all);
    expect(['j', 'k', 'l', 'b', 't', 'q', 'o', 'n', '/', '?'].map((k) => read(key(k)))).toEqual([
      'next',
      'previous',
      'like',
      'bookmark',
      'repost',
      'quote',
      'open',
      'newPost',
      'search',
      'help',
    ]);
    expect(read(key('x'))).toBeNull();
  });

  it('reads g then h or n as one shortcut, within the time limit', () => {
    let clock = 0;
    const read = createShortcutReader(all, () => clock);
    expect(read(key('g'))).toBeNull();
    expect(read(key('h'))).toBe('goHome');
    expect(read(key('g'))).toBeNull();
    expect(read(key('n'))).toBe('goNotifications');
    // n alone is a new post again once the sequence is over.
    expect(read(key('n'))).toBe('newPost');
    read(key('g'));
    clock += SEQUENCE_TIMEOUT_MS + 1;
    expect(read(key('h'))).toBeNull();
  });

  it('ignores keys with modifiers, so browser shortcuts keep working', () => {
    const read = createShortcutReader(all);
    expect(read(key('l', { ctrlKey: true }))).toBeNull();
    expect(read(key('k', { metaKey: true }))).toBeNull();
    expect(read(key('j', { altKey: true }))).toBeNull();
  });

  it('never acts while typing in a field', () => {
    const read = createShortcutReader(all);
    const textarea = document.createElement('textarea');
    const input = document.createElement('input');
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    const inside = document.createElement('span');
    editable.append(inside);
    for (const target of [textarea, input, inside]) expect(read(key('j', { target }))).toBeNull();
    expect(read(key('g', { target: input }))).toBeNull();
    expect(read(key('h'))).toBeNull();
  });

  it('treats buttons, checkboxes and radios as not typing', () => {
    const radio = document.createElement('input');
    radio.type = 'radio';
    expect(isTypingTarget(radio)).toBe(false);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    const search = document.createElement('input');
    search.type = 'search';
    expect(isTypingTarget(search)).toBe(true);
  });

  it('leaves out the actions this client does not have', () => {
    const read = createShortcutReader(new Set<ShortcutAction>(['goHome', 'next']));
    expect(read(key('/'))).toBeNull();
    expect(read(key('g'))).toBeNull();
    expect(read(key('n'))).toBeNull();
    expect(read(key('g'))).toBeNull();
    expect(read(key('h'))).toBe('goHome');
  });
});
