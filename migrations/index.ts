import type { Migration } from './support';
import * as usersAndAuth from './001-users-and-auth';
import * as catalogue from './002-catalogue';
import * as offers from './003-offers';
import * as promotions from './004-promotions';
import * as projects from './005-projects';
import * as projectSubmissions from './006-project-submissions';
import * as requestReferences from './007-request-references';
import * as outbox from './008-outbox';
import * as contactMessages from './009-contact-messages';
import * as trackingLinks from './010-tracking-links';
import * as submissionEvents from './011-submission-events';
import * as siteUpdates from './012-site-updates';
import * as promotionCodes from './013-promotion-codes';
import * as testimonials from './014-testimonials';
import * as productsNewestFirst from './015-products-newest-first';
import * as outboxSecrets from './016-outbox-secrets';
import * as trackingLinkPending from './017-tracking-link-pending';
import * as readinessProbe from './019-readiness-probe';
import * as staffAccounts from './020-staff-accounts';
import * as assignment from './021-assignment';
import * as activityLog from './022-activity-log';
import * as trashDraftsRevisions from './023-trash-drafts-revisions';
import * as listIndexes from './024-list-indexes';
import * as statistics from './025-statistics';
import * as audienceDay from './026-audience-day';
import * as resumableUploads from './027-resumable-uploads';
import * as siteUpdatesOffline from './028-site-updates-offline';

/**
 * Every migration, in the order they run. Listed statically (server/db/migrate.ts feeds
 * this to Knex) so that nothing scans the folder: it works the same under tsx, vitest and
 * a bundle. A name, once released, never changes: Knex records it in knex_migrations.
 * Append new migrations at the end.
 */
export const migrations: readonly Migration[] = [
  { name: '001-users-and-auth', ...usersAndAuth },
  { name: '002-catalogue', ...catalogue },
  { name: '003-offers', ...offers },
  { name: '004-promotions', ...promotions },
  { name: '005-projects', ...projects },
  { name: '006-project-submissions', ...projectSubmissions },
  { name: '007-request-references', ...requestReferences },
  { name: '008-outbox', ...outbox },
  { name: '009-contact-messages', ...contactMessages },
  { name: '010-tracking-links', ...trackingLinks },
  { name: '011-submission-events', ...submissionEvents },
  { name: '012-site-updates', ...siteUpdates },
  { name: '013-promotion-codes', ...promotionCodes },
  { name: '014-testimonials', ...testimonials },
  { name: '015-products-newest-first', ...productsNewestFirst },
  { name: '016-outbox-secrets', ...outboxSecrets },
  { name: '017-tracking-link-pending', ...trackingLinkPending },
  { name: '019-readiness-probe', ...readinessProbe },
  { name: '020-staff-accounts', ...staffAccounts },
  { name: '021-assignment', ...assignment },
  { name: '022-activity-log', ...activityLog },
  { name: '023-trash-drafts-revisions', ...trashDraftsRevisions },
  { name: '024-list-indexes', ...listIndexes },
  { name: '025-statistics', ...statistics },
  { name: '026-audience-day', ...audienceDay },
  { name: '027-resumable-uploads', ...resumableUploads },
  { name: '028-site-updates-offline', ...siteUpdatesOffline },
];

export type { Migration };
