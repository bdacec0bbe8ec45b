import { cleanup, renderHook, act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clearDraft,
  clearDraftsOf,
  DRAFT_MAX_AGE_MS,
  draftKeys,
  loadDraft,
  saveDraft,
  useDraft,
} from './drafts';
import { clearSession, setSession, type SessionUser } from './session';

const ada = {
  _id: 'u1',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  avatarURL: '',
  bio: '',
  links: '',
  city: '',
  following: [],
  followers: [],
  followerCount: 0,
  followingCount: 0,
  email: 'ada@example.com',
  createdAt: '',
  updatedAt: '',
} satisfies SessionUser;

describe('draft store', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    clearSession();
  });

  it('keeps a draft per account and per place', () => {
    saveDraft('ada', draftKeys.composer, 'half a thought');
    saveDraft('ada', draftKeys.comment('p1'), 'a reply');
    expect(loadDraft('ada', draftKeys.composer)).toBe('half a thought');
    expect(loadDraft('ada', draftKeys.comment('p1'))).toBe('a reply');
    expect(loadDraft('ada', draftKeys.comment('p2'))).toBeNull();
    expect(loadDraft('grace', draftKeys.composer)).toBeNull();
  });

  it('removes the entry when the text is emptied or cleared', () => {
    saveDraft('ada', draftKeys.composer, 'text');
    saveDraft('ada', draftKeys.composer, '   \n');
    expect(localStorage.length).toBe(0);
    saveDraft('ada', draftKeys.composer, 'text');
    clearDraft('ada', draftKeys.composer);
    expect(loadDraft('ada', draftKeys.composer)).toBeNull();
  });

  it('drops drafts older than the maximum age, and corrupt entries', () => {
    const now = Date.now();
    saveDraft('ada', draftKeys.composer, 'old', now - DRAFT_MAX_AGE_MS - 1);
    expect(loadDraft('ada', draftKeys.composer, now)).toBeNull();
    expect(localStorage.length).toBe(0);
    localStorage.setItem('sync-draft:ada:composer', '{not json');
    expect(loadDraft('ada', draftKeys.composer)).toBeNull();
    localStorage.setItem('sync-draft:ada:composer', JSON.stringify({ text: 5, savedAt: now }));
    expect(loadDraft('ada', draftKeys.composer)).toBeNull();
  });

  it('clears every draft of one account only', () => {
    saveDraft('ada', draftKeys.composer, 'a');
    saveDraft('ada', draftKeys.editPost('p1'), 'b');
    saveDraft('ada.b', draftKeys.composer, 'c');
    clearDraftsOf('ada');
    expect(loadDraft('ada', draftKeys.composer)).toBeNull();
    expect(loadDraft('ada', draftKeys.editPost('p1'))).toBeNull();
    expect(loadDraft('ada.b', draftKeys.composer)).toBe('c');
  });

  it('useDraft saves every change for the signed-in user and brings it back on the next mount', () => {
    setSession('token', ada);
    const first = renderHook(() => useDraft(draftKeys.comment('p1')));
    act(() => first.result.current.setText('typed before the session expired'));
    first.unmount();

    const second = renderHook(() => useDraft(draftKeys.comment('p1')));
    expect(second.result.current.text).toBe('typed before the session expired');
    act(() => second.result.current.discard());
    expect(second.result.current.text).toBe('');
    expect(loadDraft('ada', draftKeys.comment('p1'))).toBeNull();
  });

  it('an edit starts from the current text and keeps no draft while the text is unchanged', () => {
    setSession('token', ada);
    const edit = renderHook(() => useDraft(draftKeys.editPost('p1'), 'published text'));
    expect(edit.result.current.text).toBe('published text');
    act(() => edit.result.current.setText('published text, revised'));
    expect(loadDraft('ada', draftKeys.editPost('p1'))).toBe('published text, revised');
    act(() => edit.result.current.setText('published text'));
    expect(loadDraft('ada', draftKeys.editPost('p1'))).toBeNull();
  });
});
