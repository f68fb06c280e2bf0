import type { Knex } from 'knex';
import { toDbDate, toDbDateTime } from '#server/db/dialect';
import type { StorageLayout } from '#server/storage/layout';
import type { DemoImages } from './demo-images';

/** What every seeding step receives. `now` is fixed once, so one run has one "today". */
export interface SeedContext {
  knex: Knex;
  layout: StorageLayout;
  now: Date;
  images: DemoImages;
  log: (line: string) => void;
}

const DAY_MS = 86_400_000;

/** A DATETIME `days` (and `hours`) away from the seed instant; negative is the past. */
export function dateTimeFrom(now: Date, days: number, hours = 0): string {
  return toDbDateTime(new Date(now.getTime() + days * DAY_MS + hours * 3_600_000));
}

/** A DATE `days` away from the seed day. */
export function dateFrom(now: Date, days: number): string {
  return toDbDate(new Date(now.getTime() + days * DAY_MS));
}
