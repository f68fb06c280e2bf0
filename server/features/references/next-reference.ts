import type { Knex } from 'knex';
import { BUSINESS_TIME_ZONE } from '#shared/calendar';

/**
 * PROVISIONAL STAND-IN, reverted before main's request references (migration
 * 007-request-references) are merged: same signature, numbers taken from the highest
 * contact message reference of the year. Lets this branch run its tests meanwhile.
 */
export async function nextReference(trx: Knex.Transaction, prefix: 'EDF' | 'MSG', at: Date): Promise<string> {
  const year = new Intl.DateTimeFormat('en', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric' }).format(at);
  const row = (await trx('contact_messages')
    .where('reference', 'like', `${prefix}-${year}-%`)
    .max({ top: 'reference' })
    .first()) as { top: string | null } | undefined;
  const last = Number(row?.top?.split('-')[2] ?? 0);
  return `${prefix}-${year}-${String(last + 1).padStart(5, '0')}`;
}
