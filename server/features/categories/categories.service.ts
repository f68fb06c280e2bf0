import type { Knex } from 'knex';
import type { BulkAnswer } from '#shared/bulk';
import {
  categoryMessages,
  type CategoryAdminListQuery,
  type CategoryBulkInput,
  type CategoryInput,
} from '#shared/schemas/category';
import type { Category } from '#shared/types';
import { bulkIds } from '#server/db/bulk';
import { isUniqueViolation } from '#server/db/dialect';
import { NotFoundError, ValidationError } from '#server/errors';
import { rowWriteRecorder, tableRow, type Actor } from '#server/features/activity';
import { moveManyToTrash, moveToTrash } from '#server/features/trash';
import type { StorageLayout } from '#server/storage/layout';
import { categoryAdminIds, categoryAdminPage } from './category-admin-list';
import { categoryTrash } from './category-trash';
import {
  categoryNameTaken,
  findCategory,
  insertCategory,
  listCategories,
  updateCategory,
} from './categories.repository';

export interface CategoriesDeps {
  db: Knex;
  layout: StorageLayout;
  now?: () => Date;
}

const nameTaken = () => new ValidationError({ name: [categoryMessages.nameTaken] });

/** Categories of the catalogue (product rules, Entities and Validation; product rules). */
export function categoriesService({ db, layout, now = () => new Date() }: CategoriesDeps) {
  async function get(id: number): Promise<Category> {
    const category = await findCategory(db, id);
    if (!category) throw new NotFoundError(categoryMessages.notFound);
    return category;
  }

  /** The unique index is the authority; the pre-check only gives the same answer earlier. */
  async function guardName<T>(
    name: string,
    exceptId: number | undefined,
    write: (trx: Knex.Transaction) => Promise<T>,
  ): Promise<T> {
    if (await categoryNameTaken(db, name, exceptId)) throw nameTaken();
    try {
      return await db.transaction(write);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  const recordWrite = rowWriteRecorder({
    entity: 'category',
    table: 'categories',
    label: (row) => String(row.name),
    notFound: categoryMessages.notFound,
  });

  return {
    list: () => listCategories(db),
    get,
    /** A page of the back office's list (docs/product-rules.md, "Lists of the back office"). */
    page: (query: CategoryAdminListQuery) => categoryAdminPage(db, query),

    async create(actor: Actor, input: CategoryInput): Promise<Category> {
      const id = await guardName(input.name, undefined, async (trx) => {
        const newId = await insertCategory(trx, input, now());
        await recordWrite(trx, actor, 'create', newId, null);
        return newId;
      });
      return get(id);
    },

    async update(actor: Actor, id: number, input: CategoryInput): Promise<Category> {
      await get(id);
      await guardName(input.name, id, async (trx) => {
        const before = await tableRow(trx, 'categories', id);
        if ((await updateCategory(trx, id, input, now())) === 0)
          throw new NotFoundError(categoryMessages.notFound);
        await recordWrite(trx, actor, 'update', id, before);
      });
      return get(id);
    },

    /**
     * Product rules: a category that still holds products is not deleted (409). The count gives
     * the answer; the foreign key (RESTRICT) still refuses a product added meanwhile.
     */
    /**
     * Deleting a category moves it to the trash (docs/product-rules.md, "Trash"): refused
     * (409, the former message) while it holds a product that is not in the trash.
     */
    async remove(actor: Actor, id: number): Promise<void> {
      if (!(await moveToTrash({ db, layout, now }, actor, categoryTrash, id)))
        throw new NotFoundError(categoryMessages.notFound);
    },

    /**
     * The list's one bulk action, to the trash (docs/product-rules.md, "Bulk actions"): a
     * category still holding live products is refused with the same sentence as one by one.
     */
    async bulk(actor: Actor, body: CategoryBulkInput): Promise<BulkAnswer> {
      const ids = await bulkIds(body, (filter) => categoryAdminIds(db, filter));
      return moveManyToTrash({ db, layout, now }, actor, categoryTrash, ids);
    },
  };
}
