import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_KEY_LIFETIME_MS, keepEarlyKeys, takeEarlyKeys } from './early-keys';

afterEach(() => {
  takeEarlyKeys();
});

function press(key: string) {
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
}

describe('early keys', () => {
  it('keeps the keys pressed before the reader listens, in order, and hands them over once', () => {
    press('j');
    keepEarlyKeys();
    press('t');
    press('q');
    expect(takeEarlyKeys().map((event) => event.key)).toEqual(['t', 'q']);
    press('l');
    expect(takeEarlyKeys()).toEqual([]);
  });

  it('keeps nothing twice when started twice', () => {
    keepEarlyKeys();
    keepEarlyKeys();
    press('b');
    expect(takeEarlyKeys().map((event) => event.key)).toEqual(['b']);
  });

  it('drops a key pressed longer ago than a moment', () => {
    let now = 1000;
    keepEarlyKeys(() => now);
    press('j');
    now += EARLY_KEY_LIFETIME_MS;
    press('t');
    now += 1;
    expect(takeEarlyKeys().map((event) => event.key)).toEqual(['t']);
  });
});
