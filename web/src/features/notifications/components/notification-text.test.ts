import type { Notification, Post, UserSummary } from '@sync/contract';
import { describe, expect, it } from 'vitest';
import { actorsText, notificationPath, notificationQuote, notificationText } from './notification-text';
import { badgeText } from './notification-bell';

const person = (username: string, firstName: string, lastName: string): UserSummary => ({
  _id: `id-${username}`,
  username,
  firstName,
  lastName,
  avatarURL: '',
});
const ada = person('ada', 'Ada', 'Lovelace');
const alan = person('alan', 'Alan', 'Turing');
const grace = person('grace', 'Grace', 'Hopper');

const post = { _id: 'p1', content: 'Engines #math' } as Post;
const comment = {
  _id: 'c1',
  text: 'Nice, @ada',
  username: 'alan',
  firstName: 'Alan',
  lastName: 'Turing',
  avatarURL: '',
  votes: { upvotedBy: [], downvotedBy: [] },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function entry(patch: Partial<Notification>): Notification {
  return {
    _id: 'n1',
    type: 'like',
    actors: [ada],
    actorCount: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    read: false,
    ...patch,
  };
}

describe('actorsText', () => {
  it('names one or two people, and counts the rest', () => {
    expect(actorsText({ actors: [ada], actorCount: 1 })).toBe('Ada Lovelace');
    expect(actorsText({ actors: [ada, alan], actorCount: 2 })).toBe('Ada Lovelace and Alan Turing');
    expect(actorsText({ actors: [ada, alan, grace], actorCount: 3 })).toBe('Ada Lovelace and 2 others');
    expect(actorsText({ actors: [ada, alan, grace], actorCount: 4 })).toBe('Ada Lovelace and 3 others');
  });

  it('says "1 other" when the second person is not in the preview', () => {
    expect(actorsText({ actors: [ada], actorCount: 2 })).toBe('Ada Lovelace and 1 other');
  });
});

describe('notificationText', () => {
  it('says what happened for every kind', () => {
    expect(notificationText(entry({ type: 'like', actors: [ada, alan], actorCount: 4, post }))).toBe(
      'Ada Lovelace and 3 others liked your post',
    );
    expect(notificationText(entry({ type: 'comment', post, comment }))).toBe(
      'Ada Lovelace commented on your post',
    );
    expect(notificationText(entry({ type: 'mention', post }))).toBe('Ada Lovelace mentioned you');
    expect(notificationText(entry({ type: 'mention', post, comment }))).toBe(
      'Ada Lovelace mentioned you in a comment',
    );
    expect(notificationText(entry({ type: 'follow', actors: [ada, alan], actorCount: 2 }))).toBe(
      'Ada Lovelace and Alan Turing followed you',
    );
    expect(notificationText(entry({ type: 'upvote', post, comment }))).toBe(
      'Ada Lovelace upvoted your comment',
    );
  });

  it('says reposts, quotes and edits (decision 092), each leading to its post', () => {
    const repost = entry({ type: 'repost', actors: [ada, alan, grace], actorCount: 3, post });
    expect(notificationText(repost)).toBe('Ada Lovelace and 2 others reposted your post');
    expect(notificationText(entry({ type: 'quote', post }))).toBe('Ada Lovelace quoted your post');
    expect(notificationText(entry({ type: 'update', post }))).toBe(
      'Ada Lovelace edited a post you interacted with',
    );
    const quotedUpdate = entry({ type: 'quoted_update', post });
    expect(notificationText(quotedUpdate)).toBe('A post you quoted was edited');
    expect(notificationPath(quotedUpdate)).toBe('/post/p1');
    expect(notificationPath(repost)).toBe('/post/p1');
  });
});

describe('where an entry about a comment leads', () => {
  it("to the comment's own address, which ends with its id; a post's entry to the post", () => {
    expect(notificationPath(entry({ type: 'comment', post, comment }))).toBe('/post/p1/comment/c1');
    expect(notificationPath(entry({ type: 'mention', post, comment }))).toBe('/post/p1/comment/c1');
    expect(notificationPath(entry({ type: 'mention', post }))).toBe('/post/p1');
  });
});

describe("the moderators' notices", () => {
  const report = {
    id: 'r1',
    category: 'spam' as const,
    target: alan,
    createdAt: '2026-01-01T00:00:00.000Z',
    resolvedAt: '2026-01-02T00:00:00.000Z',
  };
  const warning = (action: 'warn' | 'limit', text: string, endsAt: string | null = null) =>
    entry({
      type: 'moderation_warning',
      actors: [],
      actorCount: 0,
      moderationWarning: { id: 'm1', action, text, endsAt, createdAt: '2026-01-01T00:00:00.000Z' },
    });

  it('say what happened, naming no moderator, and lead nowhere', () => {
    const resolved = entry({ type: 'report_resolved', actors: [], actorCount: 0, report });
    expect(notificationText(resolved)).toBe('Your report about @alan was resolved');
    expect(notificationPath(resolved)).toBeNull();
    expect(notificationText(warning('warn', 'Please keep it civil.'))).toBe(
      'A moderator sent you a warning: Please keep it civil.',
    );
    expect(notificationPath(warning('warn', 'Please keep it civil.'))).toBeNull();
  });

  it('say until when a limit lasts', () => {
    const ends = '2026-01-08T00:00:00.000Z';
    const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(ends),
    );
    expect(notificationText(warning('limit', 'Spam.', ends))).toBe(
      `A moderator limited your account until ${date}: Spam.`,
    );
  });
});

describe('a new report, told to staff', () => {
  it('names the reported account and leads to the report in the moderation area', () => {
    const told = entry({
      type: 'new_report',
      actors: [],
      actorCount: 0,
      newReport: {
        id: 'r9',
        category: 'spam',
        target: alan,
        createdAt: '2026-01-01T00:00:00.000Z',
        resolved: false,
      },
    });
    expect(notificationText(told)).toBe('New report about @alan');
    expect(notificationPath(told)).toBe('/moderation/reports/r9');
  });
});

describe('notificationPath and notificationQuote', () => {
  it('leads to the comment or the post, or to the newest follower', () => {
    expect(notificationPath(entry({ type: 'like', post }))).toBe('/post/p1');
    expect(notificationPath(entry({ type: 'upvote', post, comment }))).toBe('/post/p1/comment/c1');
    expect(notificationPath(entry({ type: 'follow', actors: [grace, ada], actorCount: 2 }))).toBe(
      '/profile/grace',
    );
  });

  it('quotes the comment when there is one, else the post', () => {
    expect(notificationQuote(entry({ type: 'comment', post, comment }))).toBe('Nice, @ada');
    expect(notificationQuote(entry({ type: 'like', post }))).toBe('Engines #math');
    expect(notificationQuote(entry({ type: 'follow' }))).toBeUndefined();
  });
});

describe('badgeText', () => {
  it('shows the count, up to 99', () => {
    expect(badgeText(3)).toBe('3');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
