import type { Kysely } from 'kysely';

/**
 * Safety (docs/decisions/080): blocks, mutes, keyword filters, reports, roles, moderation actions and
 * their audit log, registrations (approval, invites, refused email domains) and the instance's rules.
 *
 * On `users`: the role and the moderation state (suspended, limited, waiting for approval).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('user'))
    .execute();
  await db.schema.alterTable('users').addColumn('suspended_at', 'varchar(30)').execute();
  /** A timed suspension ends by itself at this time; null: until lifted (and purged after 30 days). */
  await db.schema.alterTable('users').addColumn('suspension_ends_at', 'varchar(30)').execute();
  await db.schema.alterTable('users').addColumn('limited_at', 'varchar(30)').execute();
  await db.schema.alterTable('users').addColumn('limit_ends_at', 'varchar(30)').execute();
  /** Set while a sign-up waits for a moderator's approval (registrations "approval required"). */
  await db.schema.alterTable('users').addColumn('pending_since', 'varchar(30)').execute();
  await db.schema
    .alterTable('users')
    .addColumn('signup_reason', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('users').addColumn('invite_id', 'varchar(36)').execute();
  // The few accounts under a moderation action or waiting for approval, found without reading everyone.
  await db.schema.createIndex('users_suspended').on('users').column('suspended_at').execute();
  await db.schema.createIndex('users_limited').on('users').column('limited_at').execute();
  await db.schema.createIndex('users_pending').on('users').column('pending_since').execute();
  await db.schema.createIndex('users_by_role').on('users').column('role').execute();

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema
    .createIndex('blocks_by_blocker')
    .on('blocks')
    .columns(['blocker_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('blocks_by_blocked')
    .on('blocks')
    .columns(['blocked_id', 'blocker_id'])
    .execute();

  await db.schema
    .createTable('mutes')
    .addColumn('muter_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('muted_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** 1: the muted person's notifications are hidden too (the default). */
    .addColumn('notifications', 'integer', (c) => c.notNull().defaultTo(1))
    /** Null: until unmuted. */
    .addColumn('expires_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('mutes_pk', ['muter_id', 'muted_id'])
    .execute();
  await db.schema.createIndex('mutes_by_muter').on('mutes').columns(['muter_id', 'created_at']).execute();
  await db.schema.createIndex('mutes_by_expiry').on('mutes').column('expires_at').execute();

  await db.schema
    .createTable('filters')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    /** Comma-separated: home, notifications, public, thread, account. */
    .addColumn('contexts', 'varchar(100)', (c) => c.notNull())
    /** 'hide' or 'warn'. */
    .addColumn('action', 'varchar(10)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('filters_by_user').on('filters').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('filter_keywords')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('filter_id', 'varchar(36)', (c) => c.notNull().references('filters.id').onDelete('cascade'))
    .addColumn('keyword', 'varchar(200)', (c) => c.notNull())
    .addColumn('whole_word', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('filter_keywords_by_filter')
    .on('filter_keywords')
    .column('filter_id')
    .execute();

  await db.schema
    .createTable('instance_rules')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('text', 'varchar(500)', (c) => c.notNull())
    .addColumn('hint', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    /** Rules are retired, not deleted: a report keeps citing the rule it named. */
    .addColumn('deleted_at', 'varchar(30)')
    .execute();

  /** The instance's settings, one row per key (registrations mode, title, description, contact). */
  await db.schema
    .createTable('instance_settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('email_domain_blocks')
    .addColumn('domain', 'varchar(253)', (c) => c.primaryKey())
    .addColumn('created_by', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invites')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('creator_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    /** Null: no limit. */
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(30)')
    .addColumn('revoked_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('reporter_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('target_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** 'spam', 'legal', 'violation' (naming rules) or 'other'. */
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    /** The instance_rules ids a 'violation' cites, comma-separated. */
    .addColumn('rule_ids', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('comment', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('assigned_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('resolved_at', 'varchar(30)')
    .addColumn('resolved_by', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reports_queue').on('reports').columns(['resolved_at', 'created_at']).execute();
  await db.schema
    .createIndex('reports_by_target')
    .on('reports')
    .columns(['target_id', 'created_at'])
    .execute();
  await db.schema.createIndex('reports_by_reporter').on('reports').column('reporter_id').execute();
  /**
   * What a report points at, as it was when reported: a post or a comment, with a copy of its text (an
   * edit or a deletion cannot hide from the moderator what was reported). No foreign key on the post or
   * comment: the copy outlives them.
   */
  await db.schema
    .createTable('report_items')
    .addColumn('report_id', 'varchar(36)', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('post_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('comment_id', 'varchar(36)')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('posted_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('report_items_by_report').on('report_items').column('report_id').execute();

  /**
   * Moderators' actions on an account (warn, limit, unlimit, suspend, unsuspend, approve, reject, and
   * deleting a post or comment), with the text the person is shown: their history on the account page.
   */
  await db.schema
    .createTable('moderation_actions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('target_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('moderator_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('type', 'varchar(30)', (c) => c.notNull())
    .addColumn('text', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('report_id', 'varchar(36)', (c) => c.references('reports.id').onDelete('set null'))
    .addColumn('ends_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moderation_actions_by_target')
    .on('moderation_actions')
    .columns(['target_id', 'created_at'])
    .execute();

  /**
   * Who did what to whom, when and why: written by every moderation and administration use case, in
   * its transaction; never updated. `target_id` is not a foreign key: the entry outlives what it names.
   */
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('actor_id', 'varchar(36)')
    .addColumn('actor_username', 'varchar(100)', (c) => c.notNull())
    .addColumn('action', 'varchar(60)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(30)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('target_label', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_by_time').on('audit_log').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'audit_log',
    'moderation_actions',
    'report_items',
    'reports',
    'invites',
    'email_domain_blocks',
    'instance_settings',
    'instance_rules',
    'filter_keywords',
    'filters',
    'mutes',
    'blocks',
  ])
    await db.schema.dropTable(table).execute();
  for (const index of ['users_suspended', 'users_limited', 'users_pending', 'users_by_role'])
    await db.schema.dropIndex(index).execute();
  for (const column of [
    'invite_id',
    'signup_reason',
    'pending_since',
    'limit_ends_at',
    'limited_at',
    'suspension_ends_at',
    'suspended_at',
    'role',
  ])
    await db.schema.alterTable('users').dropColumn(column).execute();
}
