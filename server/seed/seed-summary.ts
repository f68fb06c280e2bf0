import type { Knex } from 'knex';
import type { SeedReport, SeededTable } from './seed-database';
import { SEEDED_TABLES } from './seed-database';
import { countRows } from './seed-step';

const LABELS: Record<SeededTable | LargeOnlyTable, string> = {
  categories: 'Catégories',
  products: 'Produits',
  parcels: 'Parcelles',
  fleet_properties: 'Flotte immobilière',
  miscellaneous_goods: 'Biens divers',
  promotions: 'Promotions',
  projects: 'Projets',
  project_submissions: 'Soumissions de projets',
  testimonials: 'Témoignages',
  contact_messages: 'Messages de contact',
  activity_log: 'Journal d’activité',
};

/** Tables only the large volume fills: shown when the run asked for it. */
const LARGE_ONLY_TABLES = ['contact_messages', 'activity_log'] as const;
type LargeOnlyTable = (typeof LARGE_ONLY_TABLES)[number];
const isLargeOnly = (table: string): table is LargeOnlyTable =>
  (LARGE_ONLY_TABLES as readonly string[]).includes(table);

const ADMIN_LINES: Record<SeedReport['admin']['status'], string> = {
  existing: 'Administrateur : un compte existe déjà, inchangé.',
  created: 'Administrateur : compte créé.',
  missing: 'Administrateur : aucun compte (voir l’avertissement ci-dessus).',
};

/** The French summary printed by `npm run seed`: totals per table and what this run added. */
export async function seedSummary(knex: Knex, report: SeedReport): Promise<string> {
  const lines = ['', 'Résumé du remplissage :'];
  const width = Math.max(...Object.values(LABELS).map((label) => label.length));
  const largeAdded = LARGE_ONLY_TABLES.filter((table) => report.largeOnly[table] !== undefined);
  for (const table of [...SEEDED_TABLES, ...largeAdded]) {
    const total = await countRows({ knex }, table);
    const added = isLargeOnly(table) ? (report.largeOnly[table] ?? 0) : report.inserted[table];
    lines.push(
      `  ${LABELS[table].padEnd(width)}  ${String(total).padStart(5)}${added > 0 ? `  (+${added})` : ''}`,
    );
  }
  lines.push(`  ${ADMIN_LINES[report.admin.status]}`);
  lines.push(`Terminé en ${(report.durationMs / 1000).toFixed(1)} s.`);
  return lines.join('\n');
}
