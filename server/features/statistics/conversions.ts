import type { Knex } from 'knex';
import { addDays, businessDayStart } from '#shared/calendar';
import {
  FUNNEL_PRODUCT_KEY,
  STATS_DIMENSIONS,
  STATS_TOP_LIMIT,
  type ConversionsAnswer,
  type FunnelFigures,
} from '#shared/statistics';
import { previousPeriod } from '#shared/stats-period';
import { toDbDateTime, toNumber } from '#server/db/dialect';
import { DELETED_LABELS, offerLabels, productNames, promotionTitles } from './conversion-labels';
import { dimensionSums, dimensionTotals, siteTotals, type Period } from './stats-reads';

/**
 * Rows of `table` created during the period's business days: stored in UTC, so the bounds
 * are the instants Cotonou's first day starts and the day after the last one starts. Every
 * row counts, those in the trash too: a request moved there was still sent that day.
 */
async function createdDuring(db: Knex, table: string, period: Period): Promise<number> {
  const row = (await db(table)
    .where('created_at', '>=', toDbDateTime(businessDayStart(period.from)))
    .where('created_at', '<', toDbDateTime(businessDayStart(addDays(period.to, 1))))
    .count({ n: '*' })
    .first()) as { n: number | string } | undefined;
  return toNumber(row?.n ?? 0);
}

/** The funnel: daily visitors, those who saw a product page, WhatsApp orders, requests, messages. */
async function funnelOf(db: Knex, period: Period): Promise<FunnelFigures> {
  const [site, productViewers, orders, requests, messages] = await Promise.all([
    siteTotals(db, period),
    dimensionTotals(db, STATS_DIMENSIONS.funnel, period, FUNNEL_PRODUCT_KEY),
    dimensionTotals(db, STATS_DIMENSIONS.whatsappProduct, period),
    createdDuring(db, 'project_submissions', period),
    createdDuring(db, 'contact_messages', period),
  ]);
  return {
    visitors: site.visitors,
    product_viewers: productViewers.visitors,
    whatsapp_orders: orders.views,
    requests,
    messages,
  };
}

/**
 * GET /api/admin/stats/conversions: what the visits led to. A WhatsApp order or click is
 * one counted view of its key; the lists keep their top STATS_TOP_LIMIT.
 */
export async function conversionsOf(db: Knex, period: Period): Promise<ConversionsAnswer> {
  const before = previousPeriod(period.from, period.to);
  const [orders, offers, promotions, requestPages, messagePages, funnel, previous] = await Promise.all([
    dimensionSums(db, STATS_DIMENSIONS.whatsappProduct, period, STATS_TOP_LIMIT),
    dimensionSums(db, STATS_DIMENSIONS.whatsappOffer, period, STATS_TOP_LIMIT),
    dimensionSums(db, STATS_DIMENSIONS.whatsappPromotion, period, STATS_TOP_LIMIT),
    dimensionSums(db, STATS_DIMENSIONS.requestPage, period, STATS_TOP_LIMIT),
    dimensionSums(db, STATS_DIMENSIONS.messagePage, period, STATS_TOP_LIMIT),
    funnelOf(db, period),
    funnelOf(db, before),
  ]);
  const [names, offerNames, promotionNames] = await Promise.all([
    productNames(
      db,
      orders.map((row) => row.key),
    ),
    offerLabels(
      db,
      offers.map((row) => row.key),
    ),
    promotionTitles(
      db,
      promotions.map((row) => row.key),
    ),
  ]);
  return {
    from: period.from,
    to: period.to,
    whatsapp_orders: orders.map((row) => ({
      product_id: Number(row.key),
      name: names.get(row.key) ?? DELETED_LABELS.product,
      count: row.views,
    })),
    whatsapp_offers: offers.map((row) => ({
      key: row.key,
      label: offerNames.get(row.key) ?? DELETED_LABELS.offer,
      count: row.views,
    })),
    whatsapp_promotions: promotions.map((row) => ({
      key: row.key,
      label: promotionNames.get(row.key) ?? DELETED_LABELS.promotion,
      count: row.views,
    })),
    requests: funnel.requests,
    messages: funnel.messages,
    requests_by_page: requestPages.map((row) => ({ path: row.key, count: row.views })),
    messages_by_page: messagePages.map((row) => ({ path: row.key, count: row.views })),
    funnel,
    previous: { ...before, funnel: previous, requests: previous.requests, messages: previous.messages },
  };
}
