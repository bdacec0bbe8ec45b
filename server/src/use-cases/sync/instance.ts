import {
  InstanceLimits,
  type DeletedReply,
  type EmailDomainBlock,
  type EmailDomainBlockReply,
  type EmailDomainBlocksReply,
  type InstanceReply,
  type InstanceSettings,
  type InstanceSettingsBody,
  type InstanceSettingsReply,
  type RuleBody,
  type RuleReply,
  type RulesReply,
} from '@sync/contract';
import type { InstanceConfig } from '../../config.js';
import * as instance from '../../data/instance.repo.js';
import type { UserRow } from '../../data/users.repo.js';
import { newId } from '../../platform/db/ids.js';
import { HttpError, badRequest, notFound } from '../../platform/http/errors.js';
import { userSummary } from '../../read/views/sync/summaries.js';
import { audit, auditedWrite, type AuditedChange } from '../shared/audit.js';
import type { Deps } from '../shared/deps.js';
import { commit } from '../shared/commit.js';
import { instanceSettings } from '../shared/instance-settings.js';
import { requirePermission } from '../shared/roles.js';
import { checkText, emailPattern } from '../shared/text.js';
import { staff, ruleView, rules, mediaConfiguration } from '../shared/instance.js';

/** `GET /api/instance` (no sign-in): what the community is, who runs it, its rules and how to join. */
export async function about(deps: Deps, defaults: InstanceConfig): Promise<InstanceReply> {
  const [settings, { owner, others }, rulesInForce] = await Promise.all([
    instanceSettings(deps.db, defaults),
    staff(deps),
    rules(deps),
  ]);
  return {
    instance: {
      title: settings.title,
      description: settings.description,
      contactEmail: settings.contactEmail,
      owner: owner ? userSummary(owner) : null,
      moderators: others.map((account) => ({ ...userSummary(account), role: account.role })),
      rules: rulesInForce,
      registrations: { mode: settings.registrationsMode, message: settings.registrationsMessage },
      media: mediaConfiguration(deps),
    },
  };
}

/** The setting each field of the settings page is kept under. */
const settingKeys = {
  title: 'title',
  description: 'description',
  contactEmail: 'contact_email',
  registrationsMode: 'registrations_mode',
  registrationsMessage: 'registrations_message',
  emailConfirmation: 'email_confirmation',
} as const satisfies Record<keyof InstanceSettings, instance.SettingKey>;
const settingFields = [
  'title',
  'description',
  'contactEmail',
  'registrationsMode',
  'registrationsMessage',
  'emailConfirmation',
] as const satisfies readonly (keyof InstanceSettings)[];

function checkSettings(body: InstanceSettingsBody): InstanceSettingsBody {
  const optional = <T>(value: T | undefined, check: (value: T) => T) =>
    value === undefined ? undefined : check(value);
  const contactEmail = optional(body.contactEmail, (value) =>
    checkText(value, { label: 'Contact email', max: 254, required: false }),
  );
  if (contactEmail && !emailPattern.test(contactEmail))
    throw badRequest('Contact email is not valid: it should look like name@example.com.');
  return {
    title: optional(body.title, (value) =>
      checkText(value, { label: 'Title', max: InstanceLimits.titleMax, required: true }),
    ),
    description: optional(body.description, (value) =>
      checkText(value, { label: 'Description', max: InstanceLimits.descriptionMax, required: false }),
    ),
    contactEmail,
    registrationsMode: body.registrationsMode,
    emailConfirmation: body.emailConfirmation,
    registrationsMessage: optional(body.registrationsMessage, (value) =>
      checkText(value, {
        label: 'Registrations message',
        max: InstanceLimits.registrationsMessageMax,
        required: false,
      }),
    ),
  };
}

/** `GET /api/admin/settings` */
export async function settingsFor(
  deps: Deps,
  input: { actor: UserRow; defaults: InstanceConfig },
): Promise<InstanceSettingsReply> {
  requirePermission(input.actor.role, 'manage_rules_and_settings');
  return { settings: await instanceSettings(deps.db, input.defaults) };
}

/** `PUT /api/admin/settings`: the fields sent change (each change in the audit log); the others stay. */
export async function updateSettings(
  deps: Deps,
  input: { actor: UserRow; body: InstanceSettingsBody; defaults: InstanceConfig },
): Promise<InstanceSettingsReply> {
  requirePermission(input.actor.role, 'manage_rules_and_settings');
  const checked = checkSettings(input.body);
  const current = await instanceSettings(deps.db, input.defaults);
  const changed = settingFields.filter(
    (field) => checked[field] !== undefined && checked[field] !== current[field],
  );
  if (changed.length === 0) return { settings: current };
  const values: Partial<Record<instance.SettingKey, string>> = {};
  for (const field of changed) values[settingKeys[field]] = checked[field];
  const at = deps.clock.now();
  await commit(deps, async (trx) => {
    await instance.writeSettings(trx, values, at.toISOString());
    await audit(trx, at, input.actor, {
      action: 'update_settings',
      targetType: 'settings',
      targetId: 'instance',
      targetLabel: changed.join(', '),
      reason: changed
        .map((field) => `${field}: ${JSON.stringify(checked[field])}`)
        .join('; ')
        .slice(0, 2000),
    });
  });
  return { settings: await instanceSettings(deps.db, input.defaults) };
}

function checkRule(body: RuleBody): { text: string; hint: string } {
  return {
    text: checkText(body.text, { label: 'Rule', max: InstanceLimits.ruleTextMax, required: true }),
    hint: checkText(body.hint ?? '', {
      label: 'Explanation',
      max: InstanceLimits.ruleHintMax,
      required: false,
    }),
  };
}

const ruleNotFound = (id: string) =>
  notFound(`No rule with id "${id}" is in force. It may have been deleted.`);

/** `GET /api/admin/rules` */
export async function rulesFor(deps: Deps, input: { actor: UserRow }): Promise<RulesReply> {
  requirePermission(input.actor.role, 'manage_rules_and_settings');
  return { rules: await rules(deps) };
}

/** The audit entry of a change to a rule, named by its text then. */
const ruleChange =
  (action: 'create_rule' | 'update_rule' | 'delete_rule') =>
  (rule: { id: string; text: string }): AuditedChange => ({
    action,
    targetType: 'rule',
    targetId: rule.id,
    targetLabel: rule.text,
  });

/** `POST /api/admin/rules`: a new rule, after the others. */
export async function createRule(deps: Deps, input: { actor: UserRow; body: RuleBody }): Promise<RuleReply> {
  requirePermission(input.actor.role, 'manage_rules_and_settings');
  const rule = checkRule(input.body);
  const row = await auditedWrite(
    deps,
    input.actor,
    (trx, at) => instance.insertRule(trx, { id: newId(at), ...rule, at: at.toISOString() }),
    ruleChange('create_rule'),
  );
  return { rule: ruleView(row) };
}

/** `PUT /api/admin/rules/:id`: new words for a rule (reports that cited it cite it still). */
export async function editRule(
  deps: Deps,
  input: { actor: UserRow; id: string; body: RuleBody },
): Promise<RuleReply> {
  requirePermission(input.actor.role, 'manage_rules_and_settings');
  const rule = checkRule(input.body);
  const row = await auditedWrite(
    deps,
    input.actor,
    (trx, at) => instance.updateRule(trx, input.id, { ...rule, at: at.toISOString() }),
    ruleChange('update_rule'),
  );
  if (!row) throw ruleNotFound(input.id);
  return { rule: ruleView(row) };
}

/** `DELETE /api/admin/rules/:id`: the rule is no longer in force (reports keep citing it). */
export async function deleteRule(deps: Deps, input: { actor: UserRow; id: string }): Promise<DeletedReply> {
  requirePermission(input.actor.role, 'manage_rules_and_settings');
  const row = await auditedWrite(
    deps,
    input.actor,
    (trx, at) => instance.retireRule(trx, input.id, at.toISOString()),
    ruleChange('delete_rule'),
  );
  if (!row) throw ruleNotFound(input.id);
  return { deleted: row.id };
}

const domainPattern =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** A domain as people write it ("@Example.com", "*.example.com"), as the list keeps it: example.com. */
function checkDomain(value: string): string {
  const domain = value
    .trim()
    .toLowerCase()
    .replace(/^@|^\*\./, '')
    .replace(/\.$/, '');
  if (!domainPattern.test(domain))
    throw badRequest(`"${value.trim()}" is not a domain name: write it as example.com.`);
  return domain;
}

const emailDomainChange = (
  action: 'block_email_domain' | 'unblock_email_domain',
  domain: string,
): AuditedChange => ({ action, targetType: 'email_domain', targetId: domain, targetLabel: domain });

const blockView = (row: instance.EmailDomainBlockRow): EmailDomainBlock => ({
  domain: row.domain,
  createdAt: row.created_at,
});

/** `GET /api/admin/email-domain-blocks`, by domain. */
export async function emailDomainBlocksFor(
  deps: Deps,
  input: { actor: UserRow },
): Promise<EmailDomainBlocksReply> {
  requirePermission(input.actor.role, 'manage_rules_and_settings');
  return { blocks: (await instance.emailDomainBlocks(deps.db)).map(blockView) };
}

/** `POST /api/admin/email-domain-blocks`: sign-ups with an address at the domain, or under it, are refused. */
export async function blockEmailDomain(
  deps: Deps,
  input: { actor: UserRow; domain: string },
): Promise<EmailDomainBlockReply> {
  requirePermission(input.actor.role, 'manage_rules_and_settings');
  const domain = checkDomain(input.domain);
  const row = await auditedWrite(
    deps,
    input.actor,
    (trx, at) =>
      instance.insertEmailDomainBlock(trx, {
        domain,
        created_by: input.actor.id,
        created_at: at.toISOString(),
      }),
    () => emailDomainChange('block_email_domain', domain),
  );
  if (!row) throw new HttpError(422, `${domain} is on the list already.`);
  return { block: blockView(row) };
}

/** `DELETE /api/admin/email-domain-blocks/:domain` */
export async function unblockEmailDomain(
  deps: Deps,
  input: { actor: UserRow; domain: string },
): Promise<DeletedReply> {
  requirePermission(input.actor.role, 'manage_rules_and_settings');
  const domain = input.domain.trim().toLowerCase();
  const deleted = await auditedWrite(
    deps,
    input.actor,
    async (trx) => ((await instance.deleteEmailDomainBlock(trx, domain)) ? domain : undefined),
    () => emailDomainChange('unblock_email_domain', domain),
  );
  if (!deleted) throw notFound(`${domain} is not on the list.`);
  return { deleted: domain };
}
