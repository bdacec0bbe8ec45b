import { hashPassword } from '../../platform/auth/passwords.js';
import type { Db } from '../database.js';
import { newId } from '../../platform/db/ids.js';
import { nameKeys } from '../name-keys.js';

/** The account behind the web client's 'Guest Login'. */
export const guestAccount = { username: 'guest', password: 'guest-password' } as const;
/** Every other demo user signs in with this password. */
export const demoPassword = 'sync-demo-password';

const demoUsers = [
  {
    username: guestAccount.username,
    first_name: 'Guest',
    last_name: 'Explorer',
    bio: 'Just looking around Sync. Say hi!',
    city: 'Everywhere',
    links: 'https://example.com/guest',
  },
  {
    username: 'maya.chen',
    first_name: 'Maya',
    last_name: 'Chen',
    bio: 'Product designer. I sketch interfaces in the morning and bake sourdough at night.',
    city: 'Lisbon',
    links: 'https://example.com/maya',
  },
  {
    username: 'olu_ade',
    first_name: 'Olu',
    last_name: 'Adebayo',
    bio: 'Backend engineer. Databases are my love language.',
    city: 'Lagos',
    links: 'https://example.com/olu',
  },
  {
    username: 'lena.k',
    first_name: 'Lena',
    last_name: 'Kowalski',
    bio: 'Data journalist and trail runner. Charts over adjectives.',
    city: 'Kraków',
    links: 'https://example.com/lena',
  },
  {
    username: 'sam_rivera',
    first_name: 'Sam',
    last_name: 'Rivera',
    bio: 'Indie game developer. Pixel art, chiptunes and too much coffee.',
    city: 'Austin',
    links: 'https://example.com/sam',
  },
  {
    username: 'noor.h',
    first_name: 'Noor',
    last_name: 'Haddad',
    bio: 'Photographer chasing golden hour on every continent.',
    city: 'Amman',
    links: 'https://example.com/noor',
  },
] as const;

type DemoName = (typeof demoUsers)[number]['username'];

const demoPosts: {
  author: DemoName;
  ageMinutes: number;
  content: string;
  likedBy: DemoName[];
  dislikedBy: DemoName[];
  comments: { author: DemoName; text: string; upvotedBy: DemoName[] }[];
}[] = [
  {
    author: 'maya.chen',
    ageMinutes: 60 * 24 * 75,
    content:
      'Redesigned our onboarding flow this week. Fewer screens, clearer words.\nThe best interface is the one you do not notice.',
    likedBy: ['olu_ade', 'lena.k', 'noor.h'],
    dislikedBy: [],
    comments: [
      { author: 'olu_ade', text: 'The new flow is so much calmer. Nice work!', upvotedBy: ['maya.chen'] },
      {
        author: 'sam_rivera',
        text: 'Could you share the before/after? Curious about the copy.',
        upvotedBy: [],
      },
    ],
  },
  {
    author: 'olu_ade',
    ageMinutes: 60 * 24 * 3,
    content: 'Hot take: most performance problems are missing indexes wearing a trench coat.',
    likedBy: ['maya.chen', 'lena.k', 'sam_rivera', 'guest'],
    dislikedBy: ['noor.h'],
    comments: [
      { author: 'lena.k', text: 'And the other half are N+1 queries.', upvotedBy: ['olu_ade', 'sam_rivera'] },
    ],
  },
  {
    author: 'lena.k',
    ageMinutes: 60 * 5,
    content: 'Ran 21 km along the Vistula this morning. Legs: gone. Mood: excellent.',
    likedBy: ['noor.h'],
    dislikedBy: [],
    comments: [
      { author: 'noor.h', text: 'The light on the river must have been beautiful.', upvotedBy: [] },
      { author: 'guest', text: 'Impressive! How long have you been training?', upvotedBy: ['lena.k'] },
    ],
  },
  {
    author: 'noor.h',
    ageMinutes: 25,
    content: 'Golden hour in Wadi Rum. No filter could do it justice.',
    likedBy: ['maya.chen', 'sam_rivera'],
    dislikedBy: [],
    comments: [],
  },
];

const follows: [DemoName, DemoName][] = [
  ['guest', 'maya.chen'],
  ['maya.chen', 'olu_ade'],
  ['olu_ade', 'maya.chen'],
  ['lena.k', 'noor.h'],
  ['sam_rivera', 'olu_ade'],
  ['noor.h', 'lena.k'],
];

/** The demo community's owner (everyone else, the guest included, is a user). */
export const demoOwner = 'maya.chen';

/** The demo community's rules, in order. */
const demoRules = [
  {
    text: 'Be kind and assume good intent.',
    hint: 'Disagree with ideas, not people. No insults, harassment or pile-ons.',
  },
  {
    text: 'No hate speech or discrimination.',
    hint: 'Nothing that attacks people for who they are: origin, religion, gender, sexuality, disability.',
  },
  {
    text: 'No spam or undisclosed advertising.',
    hint: 'Share what you make, but say so, and do not post the same thing again and again.',
  },
  {
    text: 'Respect privacy.',
    hint: "Do not share other people's personal information or private messages without their consent.",
  },
];

const demoEmail = (username: string) => `${username.replace(/[^a-z]/g, '')}@example.com`;

/** Loads the demo community into an empty database; does nothing when any user exists. */
export async function seedDemoData(db: Db, now = Date.now()): Promise<boolean> {
  if (await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst()) return false;
  const at = (minutesAgo: number, offsetSeconds = 0) =>
    new Date(now - minutesAgo * 60_000 + offsetSeconds * 1000).toISOString();
  const joined = at(60 * 24 * 120);
  const ids = new Map<DemoName, string>();
  const [guestHash, demoHash] = await Promise.all([
    hashPassword(guestAccount.password),
    hashPassword(demoPassword),
  ]);

  await db.transaction().execute(async (trx) => {
    for (const [index, user] of demoUsers.entries()) {
      const id = newId(new Date(Date.parse(joined) + index));
      ids.set(user.username, id);
      await trx
        .insertInto('accounts')
        .values({
          ...user,
          ...nameKeys(user.first_name, user.last_name),
          id,
          username_key: user.username.toLowerCase(),
          // PNG, not SVG: Mastodon apps (Ivory, Tusky, Mastodon for iOS) cannot draw SVG avatars.
          avatar_url: `/avatars/${user.username}.png`,
          created_at: joined,
          updated_at: joined,
        })
        .execute();
      await trx
        .insertInto('users')
        .values({
          account_id: id,
          password_hash: user.username === guestAccount.username ? guestHash : demoHash,
          email: demoEmail(user.username),
          email_key: demoEmail(user.username),
          // The demo's addresses take no mail: they count as confirmed, so 'required' locks nobody out.
          email_confirmed_at: joined,
          // Guest Login and the demo's people go straight to the feed, never to the welcome (decision 101).
          onboarded_at: joined,
          created_at: joined,
          role: user.username === demoOwner ? 'owner' : 'user',
        })
        .execute();
    }
    const id = (name: DemoName) => ids.get(name)!;

    // The title and description are the server's defaults (INSTANCE_TITLE, INSTANCE_DESCRIPTION).
    const settings = {
      registrations_mode: 'open',
      contact_email: 'moderators@example.com',
      // Everyone's Guest Login: its password, address and account stay as they are (decision 100).
      shared_guest: id(guestAccount.username),
    };
    for (const [key, value] of Object.entries(settings)) {
      await trx.insertInto('instance_settings').values({ key, value, updated_at: joined }).execute();
    }
    for (const [index, rule] of demoRules.entries()) {
      await trx
        .insertInto('instance_rules')
        .values({
          id: newId(new Date(Date.parse(joined) + index)),
          ...rule,
          position: index + 1,
          created_at: joined,
          updated_at: joined,
        })
        .execute();
    }

    for (const post of demoPosts) {
      const postId = newId(new Date(Date.parse(at(post.ageMinutes))));
      const createdAt = at(post.ageMinutes);
      await trx
        .insertInto('posts')
        .values({
          id: postId,
          author_id: id(post.author),
          content: post.content,
          like_count: post.likedBy.length,
          comment_count: post.comments.length,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
      const reactions = [
        ...post.likedBy.map((name) => ({ name, kind: 'like' as const })),
        ...post.dislikedBy.map((name) => ({ name, kind: 'dislike' as const })),
      ];
      for (const [index, { name, kind }] of reactions.entries()) {
        await trx
          .insertInto('post_reactions')
          .values({ post_id: postId, user_id: id(name), kind, created_at: at(post.ageMinutes, 60 + index) })
          .execute();
      }
      for (const [index, comment] of post.comments.entries()) {
        const commentAt = at(post.ageMinutes, 120 + index * 60);
        const commentId = newId(new Date(Date.parse(commentAt)));
        await trx
          .insertInto('comments')
          .values({
            id: commentId,
            post_id: postId,
            author_id: id(comment.author),
            text: comment.text,
            created_at: commentAt,
            updated_at: commentAt,
          })
          .execute();
        for (const voter of comment.upvotedBy) {
          await trx
            .insertInto('comment_votes')
            .values({ comment_id: commentId, user_id: id(voter), kind: 'up', created_at: commentAt })
            .execute();
        }
      }
    }

    for (const [follower, followee] of follows) {
      await trx
        .insertInto('follows')
        .values({ follower_id: id(follower), followee_id: id(followee), created_at: joined })
        .execute();
      await trx
        .updateTable('accounts')
        .set((eb) => ({ following_count: eb('following_count', '+', 1) }))
        .where('id', '=', id(follower))
        .execute();
      await trx
        .updateTable('accounts')
        .set((eb) => ({ follower_count: eb('follower_count', '+', 1) }))
        .where('id', '=', id(followee))
        .execute();
    }
  });
  return true;
}
