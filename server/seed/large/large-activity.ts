import { encodeJson } from '#server/db/dialect';
import { picker } from '#server/seed/random';
import { dateTimeFrom, type SeedContext } from '#server/seed/seed-context';
import { daysApart } from './spread';

interface Subject {
  entity: string;
  id: number | string;
  label: string | null;
}

/**
 * The back office's year as the activity log records it (docs/decisions/0036-activity-log.md):
 * sign-ins, product edits and publications, request and message status changes, by the
 * accounts that exist, about rows that exist. Inserted in chunks, after the other groups.
 */
export async function insertLargeActivity(ctx: SeedContext, count: number): Promise<number> {
  const random = picker(800);
  const users: { id: number; name: string }[] = await ctx.knex('users').orderBy('id').select('id', 'name');
  const sample = (table: string, label: string, entity: string) =>
    ctx
      .knex(table)
      .orderBy('id', 'desc')
      .limit(200)
      .select({ id: 'id', label })
      .then((rows: { id: number; label: string | null }[]) =>
        rows.map((row): Subject => ({ entity, id: row.id, label: row.label })),
      );
  const [products, requests, messages] = await Promise.all([
    sample('products', 'name', 'product'),
    sample('project_submissions', 'reference', 'submission'),
    sample('contact_messages', 'reference', 'contact_message'),
  ]);
  const step = daysApart(300, count);
  const rows = Array.from({ length: count }, (_, i): Record<string, unknown> => {
    const user = users.length > 0 ? users[i % users.length]! : null;
    const base = {
      created_at: dateTimeFrom(ctx.now, -(count - i) * step),
      user_id: user?.id ?? null,
      user_name: user?.name ?? null,
    };
    const kind = i % 10;
    const pool = kind < 5 ? products : kind < 8 ? requests : messages;
    const subject = kind > 0 && pool.length > 0 ? random.pick(pool) : null;
    if (!subject) {
      const login = { action: 'login', entity: 'user', changes: null };
      return { ...base, ...login, entity_id: user ? String(user.id) : null, label: user?.name ?? null };
    }
    const change =
      subject.entity === 'product'
        ? kind === 4
          ? { action: 'unpublish', changes: { publication: ['published', 'draft'] } }
          : { action: 'update', changes: { price: [random.int(10, 90) * 500, random.int(10, 90) * 500] } }
        : subject.entity === 'submission'
          ? { action: 'status', changes: { status: ['new', 'contacted'] } }
          : { action: 'status', changes: { status: ['unread', 'read'] } };
    return {
      ...base,
      action: change.action,
      entity: subject.entity,
      entity_id: String(subject.id),
      label: subject.label,
      changes: encodeJson(change.changes),
    };
  });
  await ctx.knex.transaction((trx) => trx.batchInsert('activity_log', rows, 500));
  return rows.length;
}
