import type { Knex } from 'knex';
import type { Config } from '#server/config';

/** What the auth services and guards receive when created (Ghost style: no globals). */
export interface AuthDeps {
  config: Config;
  db: Knex;
  /** The clock; tests may pass a fixed one. */
  now?: () => Date;
}

export const systemClock = (): Date => new Date();
