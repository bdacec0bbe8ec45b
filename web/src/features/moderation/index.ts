/**
 * The moderation feature: the staff's area at /moderation (reports, accounts, registrations, the
 * server's rules, settings, invites and email domains, the audit log) and who may see which part.
 */
export { mayOpen, sectionsFor, type Section } from './api/access';
export { moderationKeys, useOwnRole } from './api/moderation';
export { AccountDetail } from './components/account-detail';
export { AccountsBrowser } from './components/accounts-browser';
export { AuditLog } from './components/audit-log';
export { EmailDomains } from './components/email-domains';
export { Invites } from './components/invites';
export { NoModerationAccess } from './components/no-access';
export { RegistrationsQueue } from './components/registrations-queue';
export { ReportDetail } from './components/report-detail';
export { ReportsQueue } from './components/reports-queue';
export { RulesEditor } from './components/rules-editor';
export { ModerationSections } from './components/sections-nav';
export { SettingsForm } from './components/settings-form';
export { strings as moderationStrings } from './components/strings';
