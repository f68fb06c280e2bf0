import type { Knex } from 'knex';
import { goodTitle } from '#shared/good-title';
import { WHATSAPP_OFFER_KINDS, type WhatsappOfferKind } from '#shared/statistics';
import { TRASH_KINDS } from '#shared/trash';

/**
 * The names the conversions show for the ids the counting side stored
 * (docs/product-rules.md, "The statistics screen"): the row's current name, read even when
 * it is in the trash (a count belongs to what was clicked then); a row deleted for good has
 * no name left, only the words below.
 */
export const DELETED_LABELS = {
  product: 'Produit supprimé',
  offer: 'Offre supprimée',
  promotion: 'Promotion supprimée',
} as const;

/** `table`'s rows of these ids, as id → row. */
async function rowsById<Row extends { id: number | string }>(
  db: Knex,
  table: string,
  columns: string[],
  ids: readonly string[],
): Promise<Map<string, Row>> {
  const numeric = ids.filter((id) => /^[1-9]\d{0,9}$/.test(id)).map(Number);
  if (numeric.length === 0) return new Map();
  const rows = (await db(table)
    .whereIn('id', numeric)
    .select(['id', ...columns])) as Row[];
  return new Map(rows.map((row) => [String(row.id), row]));
}

/** Product ids → their names. */
export async function productNames(db: Knex, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await rowsById<{ id: number; name: string }>(db, 'products', ['name'], ids);
  return new Map([...rows].map(([id, row]) => [id, row.name]));
}

/** Promotion ids → their titles. */
export async function promotionTitles(db: Knex, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await rowsById<{ id: number; title: string }>(db, 'promotions', ['title'], ids);
  return new Map([...rows].map(([id, row]) => [id, row.title]));
}

interface OfferRow {
  id: number;
  title?: string | null;
  property_type?: string | null;
  address?: string | null;
  description?: string | null;
}

const OFFER_TABLES: Record<
  WhatsappOfferKind,
  { table: string; columns: string[]; name: (row: OfferRow) => string }
> = {
  parcel: { table: 'parcels', columns: ['title'], name: (row) => row.title ?? '' },
  fleet: {
    table: 'fleet_properties',
    columns: ['property_type', 'address'],
    name: (row) => [row.property_type, row.address].filter(Boolean).join(', '),
  },
  misc: {
    table: 'miscellaneous_goods',
    columns: ['description'],
    name: (row) => goodTitle(row.description),
  },
};

/** Offer keys `{kind}:{id}` → 'Parcelle : Terrain de 500 m²', or the deleted words. */
export async function offerLabels(db: Knex, keys: readonly string[]): Promise<Map<string, string>> {
  const parsed = keys.map((key) => {
    const [kind = '', id = ''] = key.split(':');
    return { key, kind, id };
  });
  const labels = new Map<string, string>();
  await Promise.all(
    WHATSAPP_OFFER_KINDS.map(async (kind) => {
      const { table, columns, name } = OFFER_TABLES[kind];
      const ofKind = parsed.filter((entry) => entry.kind === kind);
      const rows = await rowsById<OfferRow>(
        db,
        table,
        columns,
        ofKind.map((entry) => entry.id),
      );
      for (const entry of ofKind) {
        const row = rows.get(entry.id);
        const text = row ? name(row) : '';
        labels.set(
          entry.key,
          `${TRASH_KINDS[kind]} : ${text || (row ? `n° ${entry.id}` : DELETED_LABELS.offer)}`,
        );
      }
    }),
  );
  for (const entry of parsed) if (!labels.has(entry.key)) labels.set(entry.key, DELETED_LABELS.offer);
  return labels;
}
