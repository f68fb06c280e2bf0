import type { Knex } from 'knex';
import type { TrashKind } from '#shared/trash';
import type { ActivityEntity } from '#server/features/activity';

/** A row of a table with a trash, as Knex reads it. */
export type TrashRow = Record<string, unknown> & { id: number };

/**
 * What the trash needs to know of one kind of record (docs/product-rules.md, "Trash,
 * revisions and drafts"). Each feature declares its own (products: product-trash.ts, …)
 * and server/features/trash-kinds lists them all, so that the trash imports no feature and
 * no feature imports another's trash.
 */
export interface TrashKindHandler {
  kind: TrashKind;
  /** The table whose `deleted_at` marks the row as trashed. */
  table: string;
  /** How the activity log names it. */
  entity: ActivityEntity;
  /** What the trash list shows: a name, a reference, a title. */
  label(row: TrashRow, trx: Knex | Knex.Transaction): Promise<string> | string;
  /**
   * What the activity log names it, when the trash's label holds a client's name: the log
   * outlives the trash, and a deleted record's personal data must not live on in it
   * (docs/product-rules.md, "Activity log"). The label when absent.
   */
  logLabel?(row: TrashRow, trx: Knex | Knex.Transaction): Promise<string> | string;
  /**
   * The public storage keys the item shows (`products/k3f9x2.jpg`, relative to
   * storage/app/public), variants excluded: the trash moves each with its variants aside
   * while the item is trashed, so their addresses answer 404, and back on restore.
   */
  publicImages(row: TrashRow, trx: Knex | Knex.Transaction): Promise<string[]>;
  /** Why it may not go to the trash (French, shown as is), or null. In the deletion's transaction. */
  refuseTrash?(row: TrashRow, trx: Knex.Transaction): Promise<string | null>;
  /**
   * Why it may not come back yet (French), or null: a product whose category is still in
   * the trash. In the restore's transaction, the row still marked as trashed.
   */
  refuseRestore?(row: TrashRow, trx: Knex.Transaction): Promise<string | null>;
  /** Why it may not be purged yet (French), or null: a category still holding products. */
  refusePurge?(row: TrashRow, trx: Knex.Transaction): Promise<string | null>;
  /**
   * Deletes the row for good, with what hangs off it, and answers the private storage keys
   * (attachments, site photos: full keys like `private/submissions/4/x.pdf`) to delete once
   * the transaction has committed. Public images are the trash's to delete.
   */
  purgeRow(row: TrashRow, trx: Knex.Transaction): Promise<string[]>;
}
