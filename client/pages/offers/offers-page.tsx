import { useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { SiteSettings } from '#shared/site-settings';
import { EURO_AMOUNTS_NOTE } from '#shared/format';
import OffersTabs from '#client/islands/offers-tabs';
import { pageContext } from '#shared/page-context';
import type { RouteHandle } from '#shared/page-meta';
import type { OfferList } from '#shared/readers/offers';
import { OfferRequestBlock } from './offer-request-block';
import { isListTab, OFFERS_PAGE_SIZE, parseOfferTab, shownCount } from '#shared/offer-tabs';

/** A positive whole id from `?id=`, else null. */
function offerId(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Product rules, Pages and routes: the tab comes from `type` (default Parcelles). A list tab
 * renders its first screenful; `nombre` (the 'Afficher plus' link without script) asks for
 * more, and `id` (product rules: the admin offer list links here with id and type) extends the
 * first render down to that offer so it can be highlighted and scrolled to.
 */
export async function loader(args: LoaderFunctionArgs) {
  const query = new URL(args.request.url).searchParams;
  const tab = parseOfferTab(query.get('type'));
  const requestedId = offerId(query.get('id'));
  let list: OfferList | null = null;
  let highlightId: number | null = null;
  if (isListTab(tab)) {
    const context = pageContext(args);
    let count = shownCount(query.get('nombre'));
    if (requestedId !== null) {
      const position = await context.offerPosition(tab, requestedId);
      if (position !== null) {
        highlightId = requestedId;
        count = Math.max(count, Math.ceil((position + 1) / OFFERS_PAGE_SIZE) * OFFERS_PAGE_SIZE);
      }
    }
    list = await context.offerList(tab, count);
  }
  return { tab, list, highlightId };
}

export const handle: RouteHandle<Awaited<ReturnType<typeof loader>>> = {
  styles: ['offers'],
  meta: ({ site, data }) => ({
    // At most 70 characters with the default name: search results cut longer titles.
    title: `Parcelles, flotte et biens divers — ${site.name}`,
    description:
      'Parcelles à vendre, biens immobiliers et biens divers proposés par notre entreprise au Bénin : prix en F CFA, statut de chaque offre et contact direct par WhatsApp.',
    image: data.list?.items[0]?.image ?? null,
  }),
};

export function Component() {
  const { tab, list, highlightId } = useLoaderData<typeof loader>();
  const { site } = useRouteLoaderData('site') as { site: SiteSettings };

  return (
    <section className="section container" aria-labelledby="offers-title">
      <h1 id="offers-title">OFFRES</h1>
      <OffersTabs initialTab={tab} list={list} highlightId={highlightId} whatsapp={site.whatsapp} />
      <p className="muted price-euro-note">{EURO_AMOUNTS_NOTE}</p>
      <OfferRequestBlock site={site} />
    </section>
  );
}
