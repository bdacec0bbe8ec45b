/**
 * The refusals of the steps every surface shares (docs/decisions/122): facts, with no status code and
 * no surface's wording. Each surface maps them to its own answer: Sync's API in
 * use-cases/sync/error-answers.ts, the Mastodon API in use-cases/mastodon/error-answers.ts. Where the
 * words a person can act on are the same on every surface (why a block refuses, what is wrong with a
 * name), they are the error's message; where a surface has words of its own (the spec's texts,
 * Mastodon's "Record not found"), the error carries what the surface needs to pick them.
 */
export abstract class DomainError extends Error {
  /** Which refusal: each surface answers every kind (a switch over `AnyDomainError` checks it). */
  abstract readonly kind: AnyDomainError['kind'];
  override name = this.constructor.name;
}

export type AnyDomainError =
  | NotFound
  | NotAllowed
  | ActOnSelf
  | NotYours
  | AlreadyDone
  | NoLikesToTakeAway
  | Invalid
  | LimitReached
  | Unacceptable
  | TooLarge
  | Taken
  | UnreadableQuery
  | OAuthRefusal;

/** Every refusal of the domain is one of `AnyDomainError`: the narrowing each surface's answer needs. */
export const isDomainError = (error: unknown): error is AnyDomainError => error instanceof DomainError;

/** What a request named that does not exist, or that is hidden from the person asking as if it did not. */
export type Missing =
  | { thing: 'post'; id: string }
  | { thing: 'comment'; id: string }
  /** Asked for by username (Sync's API) or by id (the Mastodon API): `name` is what was asked for. */
  | { thing: 'person'; name: string }
  /** An upload of the person's own. */
  | { thing: 'upload'; id: string }
  /** The signed-in person's own account, gone since the request was signed in (deleted meanwhile). */
  | { thing: 'viewer'; id: string }
  /** A stored file asked for by its name (an image's original or preview). */
  | { thing: 'file'; name: string }
  /** A keyword filter of the person's own, or one of its keywords. */
  | { thing: 'filter'; id: string }
  | { thing: 'filter-keyword'; id: string }
  /** A report to moderators. */
  | { thing: 'report'; id: string }
  /** An image a report keeps (gone once the report is resolved). */
  | { thing: 'kept-image'; reportId: string; mediaId: string };

const missingName = (missing: Missing) =>
  'id' in missing ? missing.id : 'name' in missing ? missing.name : `${missing.reportId}/${missing.mediaId}`;

export class NotFound extends DomainError {
  readonly kind = 'not-found';
  constructor(readonly missing: Missing) {
    super(`No ${missing.thing} "${missingName(missing)}" exists.`);
  }
}

/** Refused for a reason that holds on every surface (a block, a role, a quote policy, the shared guest). */
export class NotAllowed extends DomainError {
  readonly kind = 'not-allowed';
  constructor(reason: string) {
    super(reason);
  }
}

/** An act a person cannot aim at themselves. */
export class ActOnSelf extends DomainError {
  readonly kind = 'act-on-self';
  constructor(readonly act: 'block' | 'mute') {
    super(`You cannot ${act} or un${act} yourself.`);
  }
}

/** A change to someone else's post or comment, which only its author may make. */
export class NotYours extends DomainError {
  readonly kind = 'not-yours';
  constructor(
    readonly thing: 'post' | 'comment',
    readonly change: 'edit' | 'delete',
  ) {
    super(`Only its author may ${change} this ${thing}.`);
  }
}

/**
 * A change the person has already made (a second like, a vote cast twice, taking back a vote never
 * cast). Sync's API refuses it; the Mastodon API's favourites are idempotent and take it as done.
 */
export class AlreadyDone extends DomainError {
  readonly kind = 'already-done';
  constructor(readonly change: 'like' | 'dislike' | 'upvote' | 'downvote' | 'unvote') {
    super(`Already done: ${change}.`);
  }
}

/** A dislike of a post no one likes: the spec counts a dislike as taking a like away. */
export class NoLikesToTakeAway extends DomainError {
  readonly kind = 'no-likes-to-take-away';
  constructor(readonly postId: string) {
    super(`Post "${postId}" has no likes to take away.`);
  }
}

/**
 * Input that cannot be used, with the field and the reason in words a person can act on (the message).
 * `malformed`: the value itself is wrong (too long, empty, not an address); `unusable`: it is well
 * formed but names something that cannot be used here (an upload that is not the writer's).
 */
export class Invalid extends DomainError {
  readonly kind = 'invalid';
  constructor(
    readonly field: string,
    reason: string,
    readonly problem: 'malformed' | 'unusable' = 'malformed',
  ) {
    super(reason);
  }
}

/** More of something than a limit allows (images on a post), in words that say what to take off. */
export class LimitReached extends DomainError {
  readonly kind = 'limit-reached';
  constructor(
    readonly limit: number,
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * A request well formed but that the server does not take as it stands, for a reason in words a person
 * can act on: a file that is no image it can read, an image a post still shows, a sign-up with an address
 * at a domain it refuses, without accepting its rules, or without a reason where moderators approve
 * sign-ups. Unlike `Invalid`, no value is wrongly written, so no surface answers it as a failed validation.
 */
export class Unacceptable extends DomainError {
  readonly kind = 'unacceptable';
  constructor(reason: string) {
    super(reason);
  }
}

/** More than the server stores: an image of more pixels than it processes, uploads past the account's room. */
export class TooLarge extends DomainError {
  readonly kind = 'too-large';
  constructor(reason: string) {
    super(reason);
  }
}

/** A username or an email address that another account has: each belongs to one account. */
export class Taken extends DomainError {
  readonly kind = 'taken';
  constructor(readonly what: 'username' | 'email') {
    super(`That ${what} belongs to another account.`);
  }
}

/**
 * What a read was asked for that it cannot read (the search text: missing, too long): a parameter of the
 * request, not input to keep, so every surface refuses it as a bad request, as Mastodon refuses a missing
 * or unusable parameter, where input to keep is `Invalid`.
 */
export class UnreadableQuery extends DomainError {
  readonly kind = 'unreadable-query';
  constructor(reason: string) {
    super(reason);
  }
}

/**
 * A refusal of the OAuth protocol, in its own terms (RFC 6749 sections 4.1.2.1 and 5.2): an error code
 * for programs and a description for people. The protocol, not a surface, names the codes; each surface
 * chooses the status (the Mastodon API's token endpoint answers a failed client authentication 401).
 */
export class OAuthRefusal extends DomainError {
  readonly kind = 'oauth-refusal';
  constructor(
    readonly code:
      | 'invalid_request'
      | 'invalid_client'
      | 'invalid_grant'
      | 'invalid_scope'
      | 'unsupported_grant_type'
      | 'unsupported_response_type',
    description: string,
  ) {
    super(description);
  }
}
