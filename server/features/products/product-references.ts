import type { Knex } from 'knex';

/** Product references look like PRD-0042 (product rules); four digits at least, more when needed. */
export function productReference(number: number): string {
  return `PRD-${String(number).padStart(4, '0')}`;
}

/** The number after the highest PRD-n reference already used (1 on an empty table). */
export async function nextReferenceNumber(knex: Knex): Promise<number> {
  const rows: { reference: string }[] = await knex('products')
    .select('reference')
    .where('reference', 'like', 'PRD-%');
  let highest = 0;
  for (const { reference } of rows) {
    const match = /^PRD-(\d+)$/.exec(reference);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return highest + 1;
}
