import { pdfDocument } from '#server/seed/files/pdf-document';
import { picker } from '#server/seed/random';
import { dateFrom, dateTimeFrom, type SeedContext } from '#server/seed/seed-context';
import { insertSubmissions, type SubmissionSeed } from '#server/seed/submission-rows';
import { BUDGETS, PROJECT_TYPES, SUBMISSION_STATUSES } from '#shared/submission-rules';
import { ABROAD, FIRST_NAMES, LAST_NAMES, PLACES, asciiSlug, typedBeninPhone } from './vocabulary';

/**
 * A year of requests; one in three carries a PDF, one in four comes from abroad, one in
 * three handled ones is assigned to an active account of the back office.
 */
export async function insertLargeSubmissions(ctx: SeedContext, count: number): Promise<number> {
  const random = picker(500);
  const brief = pdfDocument('Cahier des charges', [
    'Programme du projet',
    'Surfaces souhaitées',
    'Budget et délais',
  ]);
  const staff = await activeAccounts(ctx);
  const rows: SubmissionSeed[] = Array.from({ length: count }, (_, i) => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const abroad = i % 4 === 0 ? ABROAD[i % ABROAD.length]! : null;
    const place = random.pick(PLACES);
    const type = PROJECT_TYPES[i % PROJECT_TYPES.length]!;
    const status = SUBMISSION_STATUSES[i % SUBMISSION_STATUSES.length]!;
    const received = dateTimeFrom(ctx.now, -(count - i) * (365 / count), -(i % 24));
    return {
      first_name: first,
      last_name: last,
      email: `${asciiSlug(first)}.${asciiSlug(last)}.${i}@example.com`,
      phone: abroad ? abroad.phone(i) : typedBeninPhone(i),
      company: i % 6 === 0 ? `${last} & Fils SARL` : null,
      project_title: `${type} à ${place}`,
      project_type: type,
      location: place,
      budget: BUDGETS[i % BUDGETS.length]!,
      description: abroad
        ? `Depuis ${abroad.city}, je souhaite lancer ce projet à ${place} avec un suivi à distance.`
        : `Projet à ${place} : merci de me recontacter pour une visite du terrain et un devis.`,
      start_date: i % 3 === 0 ? dateFrom(ctx.now, random.int(15, 180)) : null,
      status,
      admin_notes: status === 'new' ? null : 'Client rappelé, dossier suivi par le bureau d’études.',
      contact_method: status === 'new' ? null : random.pick(['email', 'phone', 'whatsapp'] as const),
      assignee_id: status !== 'new' && i % 3 === 0 && staff.length > 0 ? staff[i % staff.length]! : null,
      created_at: received,
      updated_at: received,
      attachments:
        i % 3 === 0
          ? [
              {
                originalName: i % 2 ? 'Plan façade.pdf' : 'Cahier des charges.pdf',
                mimeType: 'application/pdf',
                data: brief,
              },
            ]
          : [],
    };
  });
  await ctx.knex.transaction((trx) => insertSubmissions(trx, ctx.layout, rows));
  return rows.length;
}

/** The ids of the accounts that may follow a request, in order (the administrator at least). */
export async function activeAccounts(ctx: SeedContext): Promise<number[]> {
  const ids: (number | string)[] = await ctx.knex('users').where('active', true).orderBy('id').pluck('id');
  return ids.map(Number);
}
