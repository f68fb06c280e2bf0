import type { ConversionsAnswer, TrafficAnswer } from '#shared/statistics';
import { csvCalendarDay, type CsvColumn } from '#server/features/exports';

/**
 * GET /api/admin/stats/export.csv (docs/product-rules.md, "The statistics screen" and "CSV
 * exports"): one line a day, then one line a key of each breakdown over the whole period,
 * under the screen's own words; a page's views and visitors, a conversion's count.
 */
export interface StatsCsvRow {
  section: string;
  item?: string;
  day?: string;
  views?: number;
  visitors?: number;
  count?: number;
}

export const STATS_CSV_COLUMNS: readonly CsvColumn<StatsCsvRow>[] = [
  { header: 'Rubrique', value: (row) => row.section },
  { header: 'Élément', value: (row) => row.item },
  { header: 'Jour', value: (row) => csvCalendarDay(row.day ?? null) },
  { header: 'Pages vues', value: (row) => row.views },
  { header: 'Visiteurs', value: (row) => row.visitors },
  { header: 'Nombre', value: (row) => row.count },
];

export function* statsCsvRows(
  traffic: TrafficAnswer,
  conversions: ConversionsAnswer,
): Generator<StatsCsvRow> {
  for (const day of traffic.days)
    yield { section: 'Jour', day: day.date, views: day.views, visitors: day.visitors };
  yield { section: 'Total de la période', views: traffic.totals.views, visitors: traffic.totals.visitors };
  const breakdowns: [string, TrafficAnswer['pages']][] = [
    ['Pages', traffic.pages],
    ['Sources', traffic.sources],
    ['Sites référents', traffic.referrers],
    ['Campagnes', traffic.campaigns],
    ['Sources de campagne', traffic.utm_sources],
    ['Appareils', traffic.devices],
  ];
  for (const [section, rows] of breakdowns)
    for (const row of rows) yield { section, item: row.label, views: row.views, visitors: row.visitors };
  for (const row of conversions.whatsapp_orders)
    yield { section: 'Commandes WhatsApp', item: row.name, count: row.count };
  for (const row of conversions.whatsapp_offers)
    yield { section: 'Clics WhatsApp des offres', item: row.label, count: row.count };
  for (const row of conversions.whatsapp_promotions)
    yield { section: 'Clics WhatsApp des promotions', item: row.label, count: row.count };
  yield { section: 'Demandes de projet', count: conversions.requests };
  for (const row of conversions.requests_by_page)
    yield { section: 'Demandes de projet par page', item: row.path, count: row.count };
  yield { section: 'Messages de contact', count: conversions.messages };
  for (const row of conversions.messages_by_page)
    yield { section: 'Messages par page', item: row.path, count: row.count };
}
