import type { Knex } from 'knex';
import { categoryMessages, type CategoryInput } from '#shared/schemas/category';
import type { Category } from '#shared/types';
import { isForeignKeyViolation, isUniqueViolation } from '#server/db/dialect';
import { ConflictError, NotFoundError, ValidationError } from '#server/errors';
import {
  categoryNameTaken,
  deleteCategory,
  findCategory,
  insertCategory,
  listCategories,
  productsInCategory,
  updateCategory,
} from './categories.repository';

export interface CategoriesDeps {
  db: Knex;
  now?: () => Date;
}

const nameTaken = () => new ValidationError({ name: [categoryMessages.nameTaken] });

/** Categories of the catalogue (product rules, Entities and Validation; product rules). */
export function categoriesService({ db, now = () => new Date() }: CategoriesDeps) {
  async function get(id: number): Promise<Category> {
    const category = await findCategory(db, id);
    if (!category) throw new NotFoundError(categoryMessages.notFound);
    return category;
  }

  /** The unique index is the authority; the pre-check only gives the same answer earlier. */
  async function guardName<T>(
    name: string,
    exceptId: number | undefined,
    write: () => Promise<T>,
  ): Promise<T> {
    if (await categoryNameTaken(db, name, exceptId)) throw nameTaken();
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  return {
    list: () => listCategories(db),
    get,

    async create(input: CategoryInput): Promise<Category> {
      const id = await guardName(input.name, undefined, () => insertCategory(db, input, now()));
      return get(id);
    },

    async update(id: number, input: CategoryInput): Promise<Category> {
      await get(id);
      const changed = await guardName(input.name, id, () => updateCategory(db, id, input, now()));
      if (changed === 0) throw new NotFoundError(categoryMessages.notFound);
      return get(id);
    },

    /**
     * Product rules: a category that still holds products is not deleted (409). The count gives
     * the answer; the foreign key (RESTRICT) still refuses a product added meanwhile.
     */
    async remove(id: number): Promise<void> {
      await get(id);
      if ((await productsInCategory(db, id)) > 0) throw new ConflictError(categoryMessages.notEmpty);
      try {
        if ((await deleteCategory(db, id)) === 0) throw new NotFoundError(categoryMessages.notFound);
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new ConflictError(categoryMessages.notEmpty);
        throw error;
      }
    },
  };
}
