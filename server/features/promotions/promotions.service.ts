import type { Knex } from 'knex';
import { promotionMessages, type PromotionInput } from '#shared/schemas/promotion';
import type { Promotion } from '#shared/types';
import { NotFoundError } from '#server/errors';
import { rowWriteRecorder, tableRow, type Actor } from '#server/features/activity';
import { moveToTrash } from '#server/features/trash';
import { writeWithOptionalImage, type CleanupLog } from '#server/images/admin-images';
import { businessToday } from '#shared/calendar';
import type { StorageLayout } from '#server/storage/layout';
import { promotionTrash } from './promotion-trash';
import { publicAt, STAFF } from '#server/db/visibility';
import {
  allPromotions,
  findPromotion,
  insertPromotion,
  runningPromotions,
  updatePromotion,
} from './promotions.repository';

export interface PromotionsDeps {
  db: Knex;
  layout: StorageLayout;
  now?: () => Date;
}

/**
 * Who is reading: the public sees running promotions only, published and due, the staff
 * all of them, drafts included (product rules; docs/product-rules.md, "Drafts and scheduled
 * publishing").
 */
export interface Reader {
  /** True for a staff reader with the catalogueRead access (readsAsStaff), or the service's own reads. */
  admin: boolean;
}

/**
 * Promotions (product rules, Entities and Validation). "Running" means the end date
 * has not passed on Cotonou's calendar (businessToday), the day of the end date included.
 */
export function promotionsService({ db, layout, now = () => new Date() }: PromotionsDeps) {
  const isRunning = (promotion: Promotion) => promotion.endDate >= businessToday(now());

  async function get(id: number, reader: Reader): Promise<Promotion> {
    const promotion = await findPromotion(db, id, reader.admin ? STAFF : publicAt(now()));
    if (!promotion || (!reader.admin && !isRunning(promotion)))
      throw new NotFoundError(promotionMessages.notFound);
    return promotion;
  }

  const recordWrite = rowWriteRecorder({
    entity: 'promotion',
    table: 'promotions',
    label: (row) => String(row.title),
    notFound: promotionMessages.notFound,
  });

  return {
    list(reader: Reader): Promise<Promotion[]> {
      const at = now();
      return reader.admin ? allPromotions(db) : runningPromotions(db, businessToday(at), publicAt(at));
    },

    get,

    async create(
      actor: Actor,
      input: PromotionInput,
      image: Express.Multer.File | undefined,
      log?: CleanupLog,
    ): Promise<Promotion> {
      const id = await writeWithOptionalImage(
        { file: image, field: 'image' },
        'promotions',
        layout,
        (stored) =>
          db.transaction(async (trx) => {
            const newId = await insertPromotion(trx, input, stored ?? null, now());
            await recordWrite(trx, actor, 'create', newId, null);
            return newId;
          }),
        log,
      );
      return get(id, { admin: true });
    },

    async update(
      actor: Actor,
      id: number,
      input: PromotionInput,
      image: Express.Multer.File | undefined,
      log?: CleanupLog,
    ): Promise<Promotion> {
      const current = await get(id, { admin: true });
      await writeWithOptionalImage(
        { file: image, field: 'image', remove: input.remove_image, current: current.image },
        'promotions',
        layout,
        (next) =>
          db.transaction(async (trx) => {
            const before = await tableRow(trx, 'promotions', id);
            if ((await updatePromotion(trx, id, input, next, now())) === 0)
              throw new NotFoundError(promotionMessages.notFound);
            await recordWrite(trx, actor, 'update', id, before);
          }),
        log,
      );
      return get(id, { admin: true });
    },

    /** Deleting a promotion removes its image files, once the row is gone (see products). */
    async remove(actor: Actor, id: number): Promise<void> {
      // To the trash with its image (docs/product-rules.md, "Trash").
      if (!(await moveToTrash({ db, layout, now }, actor, promotionTrash, id)))
        throw new NotFoundError(promotionMessages.notFound);
    },
  };
}
