import type { Knex } from 'knex';
import type { SeedReport, SeededTable } from './seed-database';
import { SEEDED_TABLES } from './seed-database';
import { countRows } from './seed-step';

const LABELS: Record<SeededTable, string> = {
  categories: 'Catégories',
  products: 'Produits',
  parcels: 'Parcelles',
  fleet_properties: 'Flotte immobilière',
  miscellaneous_goods: 'Biens divers',
  promotions: 'Promotions',
  projects: 'Projets',
  project_submissions: 'Soumissions de projets',
  testimonials: 'Témoignages',
};

const ADMIN_LINES: Record<SeedReport['admin']['status'], string> = {
  existing: 'Administrateur : un compte existe déjà, inchangé.',
  created: 'Administrateur : compte créé.',
  missing: 'Administrateur : aucun compte (voir l’avertissement ci-dessus).',
};

/** The French summary printed by `npm run seed`: totals per table and what this run added. */
export async function seedSummary(knex: Knex, report: SeedReport): Promise<string> {
  const lines = ['', 'Résumé du remplissage :'];
  const width = Math.max(...Object.values(LABELS).map((label) => label.length));
  for (const table of SEEDED_TABLES) {
    const total = await countRows({ knex }, table);
    const added = report.inserted[table];
    lines.push(
      `  ${LABELS[table].padEnd(width)}  ${String(total).padStart(5)}${added > 0 ? `  (+${added})` : ''}`,
    );
  }
  lines.push(`  ${ADMIN_LINES[report.admin.status]}`);
  lines.push(`Terminé en ${(report.durationMs / 1000).toFixed(1)} s.`);
  return lines.join('\n');
}
