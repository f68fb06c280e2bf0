import type { Knex } from 'knex';
import type { Request } from 'express';
import {
  isPublication,
  isPublicationLabel,
  publicationMessages,
  type Publication,
  type PublicationLabel,
} from '#shared/publication';
import type { Publishable } from '#shared/types';
import { ValidationError } from '#server/errors';
import { fromDbDateTime, toDbDateTime } from './dialect';
import type { PublishedTable } from './visibility';

/**
 * Writing and reading the state of what the public site shows (docs/product-rules.md,
 * "Drafts and scheduled publishing"; docs/decisions/0041-drafts-and-scheduled-publishing.md):
 * the columns a form's `publication` and `publish_at` set, the API's view of them, and the
 * back office's list filter.
 */

export interface PublicationInput {
  publication?: Publication;
  publish_at?: Date | null;
}

/**
 * The columns a write sets. Absent fields keep the stored value on an update; a creation
 * without them is published at once, as every item was before drafts existed.
 */
export function publicationColumns(input: PublicationInput, creating: boolean): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  if (input.publication !== undefined) columns.publication = input.publication;
  else if (creating) columns.publication = 'published';
  if (input.publish_at !== undefined)
    columns.publish_at = input.publish_at === null ? null : toDbDateTime(input.publish_at);
  return columns;
}

/** `publish_at` as the API writes instants: ISO 8601 UTC, or null. */
export function publishAtOf(row: Record<string, unknown> | { publish_at?: unknown }): string | null {
  return fromDbDateTime(row.publish_at as string | number | Date | null | undefined)?.toISOString() ?? null;
}

/** The API's `publication` and `publish_at` of a row with both columns. */
export function publishableOf(
  row: Record<string, unknown> | { publication?: unknown; publish_at?: unknown },
): Publishable {
  return {
    publication: isPublication(row.publication) ? row.publication : 'published',
    publish_at: publishAtOf(row),
  };
}

/** A back-office list's filter: the state to keep, judged at `now`. */
export interface PublicationFilter {
  label: PublicationLabel;
  now: Date;
}

/**
 * `?publication=draft|scheduled|published` of a back-office list: absent or blank means
 * every state. Only the staff's reads apply it (`staff`), the public sees published items
 * only anyway; an unknown value is a 422 for both.
 */
export function publicationFilterOf(
  query: Request['query'],
  staff: boolean,
  now: Date,
): PublicationFilter | undefined {
  const value = typeof query.publication === 'string' ? query.publication.trim() : query.publication;
  if (value === undefined || value === '') return undefined;
  if (!isPublicationLabel(value))
    throw new ValidationError({ publication: [publicationMessages.filterInvalid] });
  return staff ? { label: value, now } : undefined;
}

/**
 * Keeps the rows a list shows in state `label` at `now`: a draft ('draft', or an
 * unpublished testimonial), published but due later ('scheduled'), or on the site.
 */
export function wherePublicationIs<QB extends Knex.QueryBuilder>(
  query: QB,
  table: PublishedTable,
  filter: PublicationFilter | undefined,
  alias?: string,
): QB {
  if (filter === undefined) return query;
  const { label, now } = filter;
  const col = (name: string) => (alias ? `${alias}.${name}` : name);
  const isDraft = (builder: Knex.QueryBuilder, draft: boolean) => {
    if (table === 'testimonials') builder.where(col('published'), !draft);
    else builder.where(col('publication'), draft ? 'draft' : 'published');
  };
  const at = toDbDateTime(now);
  if (label === 'draft') isDraft(query, true);
  else if (label === 'scheduled') {
    isDraft(query, false);
    query.where(col('publish_at'), '>', at);
  } else {
    isDraft(query, false);
    query.where((due) => {
      due.whereNull(col('publish_at')).orWhere(col('publish_at'), '<=', at);
    });
  }
  return query;
}

/** A bulk action on the state of a list's rows (docs/product-rules.md, "Bulk actions"). */
export type PublicationAction = 'publish' | 'unpublish';

/**
 * The columns a bulk 'publish' or 'unpublish' sets on `row` at `now`, or null when the row
 * already is as asked. Publishing puts the item on the site now: a `publish_at` still to
 * come is cleared (a past one stays, it no longer holds anything back). Unpublishing makes
 * it a draft and keeps its moment, for a later publication to find it as it was.
 */
export function publicationChange(
  row: Record<string, unknown> | { publication?: unknown; publish_at?: unknown },
  action: PublicationAction,
  now: Date,
): Record<string, unknown> | null {
  const { publication, publish_at } = publishableOf(row);
  if (action === 'unpublish') return publication === 'draft' ? null : { publication: 'draft' };
  const later = publish_at !== null && new Date(publish_at).getTime() > now.getTime();
  if (publication === 'published' && !later) return null;
  return { publication: 'published', ...(later ? { publish_at: null } : {}) };
}
