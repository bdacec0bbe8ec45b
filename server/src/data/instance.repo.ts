import type { Selectable } from 'kysely';
import type { Db } from './database.js';
import type { EmailDomainBlocksTable, InstanceRulesTable } from './schema.js';

/**
 * The tables `instance_settings`, `instance_rules` and `email_domain_blocks`: how the server presents
 * itself (its About page) and who may join it.
 */

/** The keys of `instance_settings`; a key without a row has its default (use-cases/shared/instance-settings.ts). */
export type SettingKey =
  | 'title'
  | 'description'
  | 'contact_email'
  | 'registrations_mode'
  | 'registrations_message'
  /** The id of the account that became the owner by being the first one created. */
  | 'first_owner'
  /** Whether new accounts confirm their address: required, optional or off (docs/decisions/100). */
  | 'email_confirmation'
  /** The id of the demo's shared guest account (Guest Login), whose sign-in details nobody may change. */
  | 'shared_guest';

export async function readSettings(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('instance_settings').select(['key', 'value']).execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function writeSettings(
  trx: Db,
  values: Partial<Record<SettingKey, string>>,
  at: string,
): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    await trx
      .insertInto('instance_settings')
      .values({ key, value, updated_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
      .execute();
  }
}

/**
 * Records `userId` as the account that made the server's first sign-up, unless one already was: of two
 * first sign-ups at once, the second waits on the key's row and finds it taken.
 */
export async function claimFirstOwner(trx: Db, userId: string, at: string): Promise<boolean> {
  const claimed = await trx
    .insertInto('instance_settings')
    .values({ key: 'first_owner' satisfies SettingKey, value: userId, updated_at: at })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return claimed !== undefined;
}

export type RuleRow = Selectable<InstanceRulesTable>;

/** The rules in force, in the order they are shown. */
export function activeRules(db: Db): Promise<RuleRow[]> {
  return db
    .selectFrom('instance_rules')
    .selectAll()
    .where('deleted_at', 'is', null)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

/** A new rule, shown after the others. */
export async function insertRule(
  trx: Db,
  rule: { id: string; text: string; hint: string; at: string },
): Promise<RuleRow> {
  const last = await trx
    .selectFrom('instance_rules')
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirst();
  return trx
    .insertInto('instance_rules')
    .values({
      id: rule.id,
      text: rule.text,
      hint: rule.hint,
      position: (last?.position ?? 0) + 1,
      created_at: rule.at,
      updated_at: rule.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateRule(
  trx: Db,
  id: string,
  changes: { text: string; hint: string; at: string },
): Promise<RuleRow | undefined> {
  return trx
    .updateTable('instance_rules')
    .set({ text: changes.text, hint: changes.hint, updated_at: changes.at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Retires a rule (reports that cite it keep its text); undefined when it was not in force. */
export function retireRule(trx: Db, id: string, at: string): Promise<RuleRow | undefined> {
  return trx
    .updateTable('instance_rules')
    .set({ deleted_at: at, updated_at: at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Rules by id, retired ones too: what the reports citing them show. */
export async function rulesByIds(db: Db, ids: readonly string[]): Promise<RuleRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('instance_rules')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('position')
    .execute();
}

export type EmailDomainBlockRow = Selectable<EmailDomainBlocksTable>;

export function emailDomainBlocks(db: Db): Promise<EmailDomainBlockRow[]> {
  return db.selectFrom('email_domain_blocks').selectAll().orderBy('domain').execute();
}

/** Undefined when the domain was on the list already. */
export function insertEmailDomainBlock(
  trx: Db,
  row: EmailDomainBlockRow,
): Promise<EmailDomainBlockRow | undefined> {
  return trx
    .insertInto('email_domain_blocks')
    .values(row)
    .onConflict((oc) => oc.column('domain').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Whether the domain was on the list. */
export async function deleteEmailDomainBlock(trx: Db, domain: string): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('email_domain_blocks')
    .where('domain', '=', domain)
    .returning('domain')
    .executeTakeFirst();
  return deleted !== undefined;
}

/** The first of these domains on the list (the most specific, as they are given), if any. */
export async function blockedDomainAmong(db: Db, domains: readonly string[]): Promise<string | undefined> {
  if (domains.length === 0) return undefined;
  const rows = await db
    .selectFrom('email_domain_blocks')
    .select('domain')
    .where('domain', 'in', domains)
    .execute();
  const blocked = new Set(rows.map((row) => row.domain));
  return domains.find((domain) => blocked.has(domain));
}
