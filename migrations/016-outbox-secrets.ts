import type { Knex } from 'knex';

/**
 * The sealed tracking link of a mail not sent yet (docs/decisions/0031-no-secret-in-stored-mail.md):
 * the mail's html and text hold a placeholder where the link goes, and `secret` the link,
 * encrypted under a key derived from JWT_SECRET, emptied once the mail is sent.
 *
 * Mails written before held their link in clear: it is replaced by the same placeholder.
 * One not sent yet cannot get its link back (only the token's hash is kept elsewhere): it
 * is marked failed, saying why, with a value that never opens, so a 'Renvoyer' fails again
 * instead of sending a mail without its link.
 */

/** Frozen copies of server/features/outbox/mail-secret.ts's placeholder as it was written. */
const PLACEHOLDER = '{{lien-de-suivi}}';
const LINK = /https?:\/\/[^\s"'<>]*?\/suivi\/[A-Za-z0-9_-]{32}(?![A-Za-z0-9_-])/g;
const NEVER_OPENS = 'v0:retiré';
const WITHDRAWN =
  'Courriel écrit avant la protection des liens de suivi : son lien a été retiré de la base. Générez un nouveau lien de suivi pour ce client dans le back-office.';
const BATCH = 200;

type Row = { id: number | string; html: string; text: string; status: string };

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbox', (table) => {
    table.text('secret').nullable();
  });
  let after = 0;
  for (;;) {
    const rows: Row[] = await knex('outbox')
      .select('id', 'html', 'text', 'status')
      .where('id', '>', after)
      .andWhere((where) => where.where('html', 'like', '%/suivi/%').orWhere('text', 'like', '%/suivi/%'))
      .orderBy('id')
      .limit(BATCH);
    if (rows.length === 0) return;
    for (const row of rows) {
      const html = row.html.replace(LINK, PLACEHOLDER);
      const text = row.text.replace(LINK, PLACEHOLDER);
      if (html === row.html && text === row.text) continue;
      const unsent = row.status !== 'sent';
      await knex('outbox')
        .where('id', row.id)
        .update({
          html,
          text,
          ...(unsent
            ? { status: 'failed', claimed_until: null, last_error: WITHDRAWN, secret: NEVER_OPENS }
            : {}),
        });
    }
    after = Number(rows[rows.length - 1]!.id);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbox', (table) => {
    table.dropColumn('secret');
  });
}
