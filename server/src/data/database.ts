import type { Kysely, Migration } from 'kysely';
import {
  migrateToLatest as migrateSchema,
  openDatabase as openAnyDatabase,
  type DatabaseHandle as AnyDatabaseHandle,
  type DatabaseOptions,
} from '../platform/db/database.js';
import * as initial from './migrations/001_initial.js';
import * as readPipeline from './migrations/003_read_pipeline.js';
import * as profilesVersion from './migrations/004_profiles_version.js';
import * as social from './migrations/005_social.js';
import * as account from './migrations/006_account.js';
import * as coveringMarks from './migrations/007_covering_marks.js';
import * as searchIndexWithoutPendingList from './migrations/008_search_index_without_pending_list.js';
import * as mastodon from './migrations/009_mastodon.js';
import * as idempotencyKeys from './migrations/010_idempotency_keys.js';
import * as safety from './migrations/011_safety.js';
import * as notificationTypes from './migrations/012_notification_types.js';
import * as media from './migrations/013_media.js';
import * as editHistory from './migrations/014_edit_history.js';
import * as sharing from './migrations/015_sharing.js';
import * as email from './migrations/016_email.js';
import * as onboarding from './migrations/017_onboarding.js';
import * as searchStemming from './migrations/018_search_stemming.js';
import * as notificationSettings from './migrations/019_notification_settings.js';
import * as signupApp from './migrations/020_signup_app.js';
import * as quoteCount from './migrations/021_quote_count.js';
import * as oauthCodeUse from './migrations/022_oauth_code_use.js';
import * as rulesVersions from './migrations/023_rules_versions.js';
import * as newReportNotifications from './migrations/024_new_report_notifications.js';
import * as reportMedia from './migrations/025_report_media.js';
import * as jobQueue from './migrations/026_job_queue.js';
import * as accounts from './migrations/027_accounts.js';
import * as accountVersions from './migrations/028_account_versions.js';
import * as commentTags from './migrations/029_comment_tags.js';
import type { Database } from './schema.js';

export type { Dialect } from '../platform/db/database.js';

/** Sync's database: its schema (schema.ts), brought up to date by its migrations. */
export type Db = Kysely<Database>;
export type DatabaseHandle = AnyDatabaseHandle<Database>;

/** Migrations are listed in code, not read from a folder, so they work the same from source and from a bundle. */
export const migrations: Record<string, Migration> = {
  '001_initial': initial,
  '003_read_pipeline': readPipeline,
  '004_profiles_version': profilesVersion,
  '005_social': social,
  '006_account': account,
  '007_covering_marks': coveringMarks,
  '008_search_index_without_pending_list': searchIndexWithoutPendingList,
  '009_mastodon': mastodon,
  '010_idempotency_keys': idempotencyKeys,
  '011_safety': safety,
  '012_notification_types': notificationTypes,
  '013_media': media,
  '014_edit_history': editHistory,
  '015_sharing': sharing,
  '016_email': email,
  '017_onboarding': onboarding,
  '018_search_stemming': searchStemming,
  '019_notification_settings': notificationSettings,
  '020_signup_app': signupApp,
  '021_quote_count': quoteCount,
  '022_oauth_code_use': oauthCodeUse,
  '023_rules_versions': rulesVersions,
  '024_new_report_notifications': newReportNotifications,
  '025_report_media': reportMedia,
  '026_job_queue': jobQueue,
  '027_accounts': accounts,
  '028_account_versions': accountVersions,
  '029_comment_tags': commentTags,
};

export const openDatabase = (options: DatabaseOptions): DatabaseHandle => openAnyDatabase<Database>(options);

/** See platform/db/database.ts: returns the migrations a newer Sync ran that this one does not know. */
export const migrateToLatest = (db: Db): Promise<string[]> => migrateSchema(db, migrations);
