import { fromDbDateTime } from '#server/db/dialect';
import { nextReferences } from '#server/features/references';
import { picker } from '#server/seed/random';
import { dateTimeFrom, type SeedContext } from '#server/seed/seed-context';
import { businessYear } from '#shared/calendar';
import {
  CONTACT_MESSAGE_STATUSES,
  CONTACT_SUBJECT_CODES,
  type ContactSubject,
} from '#shared/contact-message-rules';
import { REFERENCE_PREFIXES } from '#shared/references';
import { activeAccounts } from './large-submissions';
import { daysApart } from './spread';
import { FIRST_NAMES, LAST_NAMES, MISC_GOODS, PLACES, asciiSlug } from './vocabulary';

const MESSAGES: Record<ContactSubject, (place: string, good: string) => string> = {
  renseignement: (place) => `Bonjour, intervenez-vous à ${place} ? Je voudrais connaître vos délais.`,
  devis: (place) => `Je souhaite un devis pour une clôture et un portail à ${place}. Merci de me rappeler.`,
  achat: (_, good) => `Le produit « ${good} » est-il disponible ? Je peux passer le retirer cette semaine.`,
  immobilier: (place) => `Votre parcelle à ${place} est-elle toujours à vendre ? Quel est le dernier prix ?`,
  autre: (place) => `Je cherche un maçon de confiance pour une petite rénovation à ${place}.`,
};

/**
 * A year of contact messages: every subject and status, a phone as the form stores it
 * (digits, an optional leading +), some without e-mail, one in four read ones assigned.
 * References are taken a year at a time, rows inserted in chunks: seconds for thousands.
 */
export async function insertLargeMessages(ctx: SeedContext, count: number): Promise<number> {
  const random = picker(700);
  const staff = await activeAccounts(ctx);
  const step = daysApart(365, count);
  const rows = Array.from({ length: count }, (_, i) => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const subject = CONTACT_SUBJECT_CODES[i % CONTACT_SUBJECT_CODES.length]!;
    const status = CONTACT_MESSAGE_STATUSES[(i * 7) % CONTACT_MESSAGE_STATUSES.length]!;
    const received = dateTimeFrom(ctx.now, -(count - i) * step, -(i % 24));
    const digits = `${90 + (i % 10)}${String(random.int(0, 999_999)).padStart(6, '0')}`;
    const phone = i % 5 === 4 ? null : [`+22901${digits}`, `01${digits}`, digits, `+229${digits}`][i % 4]!;
    const opened = status === 'unread' ? null : dateTimeFrom(ctx.now, -(count - i) * step, -(i % 24) + 3);
    return {
      name: `${first} ${last}`,
      email: phone && i % 3 === 0 ? null : `${asciiSlug(first)}.${asciiSlug(last)}.m${i}@example.com`,
      phone,
      subject,
      message: MESSAGES[subject](random.pick(PLACES), random.pick(MISC_GOODS)),
      status,
      read_at: opened,
      assignee_id: opened && i % 4 === 0 && staff.length > 0 ? staff[i % staff.length]! : null,
      created_at: received,
      updated_at: opened ?? received,
    };
  });
  await ctx.knex.transaction(async (trx) => {
    // One block of references per year, in the order the messages arrived.
    const years = new Map<number, typeof rows>();
    for (const row of rows) {
      const year = businessYear(fromDbDateTime(row.created_at) ?? ctx.now);
      const group = years.get(year) ?? [];
      group.push(row);
      years.set(year, group);
    }
    const numbered: Record<string, unknown>[] = [];
    for (const group of years.values()) {
      const at = fromDbDateTime(group[0]!.created_at) ?? ctx.now;
      const references = await nextReferences(trx, REFERENCE_PREFIXES.contactMessage, at, group.length);
      numbered.push(...group.map((row, k) => ({ ...row, reference: references[k]! })));
    }
    await trx.batchInsert('contact_messages', numbered, 200);
  });
  return rows.length;
}
