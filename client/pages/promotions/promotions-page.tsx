import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { PromotionGrid, promotionMessage } from '#client/components/promotion-card';
import HeroCarousel from '#client/islands/hero-carousel';
import { imageUrl } from '#shared/image-url';
import { pageContext } from '#shared/page-context';
import type { RouteHandle } from '#shared/page-meta';
import { paths } from '#shared/paths';
import { countedWhatsappLink } from '#shared/whatsapp';

/** Product rules, Limits and constants: the promotions hero rotates 3 images. */
const HERO_SLIDES = 3;

export async function loader(args: LoaderFunctionArgs) {
  const promotions = await pageContext(args).runningPromotions();
  const saveData = args.request.headers.get('save-data') === 'on';
  return { promotions, saveData };
}

export const handle: RouteHandle<Awaited<ReturnType<typeof loader>>> = {
  meta: ({ site, data }) => ({
    title: `Promotions — ${site.name}`,
    description: 'Nos offres du moment sur les matériaux, le mobilier et la construction à Cotonou.',
    image: data.promotions[0]?.image ?? null,
  }),
};

export function Component() {
  const { promotions, saveData } = useLoaderData<typeof loader>();
  // Each slide is a promotion that can be taken up from there: its title, discount, code and
  // WhatsApp action over its picture (docs/product-rules.md, "Pages and routes"), never a bare image.
  const slides = promotions
    .filter((p) => p.image)
    .slice(0, HERO_SLIDES)
    .map((p) => ({
      src: imageUrl(p.image),
      alt: p.title,
      path: p.image,
      caption: {
        title: p.title,
        badge: p.discount,
        code: p.code,
        action: {
          label: 'En profiter maintenant sur WhatsApp',
          href: countedWhatsappLink(paths.promotionWhatsapp(p.id), promotionMessage(p)),
        },
      },
    }));

  return (
    <>
      {slides.length > 0 && <HeroCarousel slides={slides} label="Promotions à la une" saveData={saveData} />}
      <section className="section container" aria-labelledby="promotions-title">
        <h1 id="promotions-title">Promotions</h1>
        {promotions.length === 0 ? (
          <p className="empty">Aucune promotion disponible pour le moment.</p>
        ) : (
          <>
            {/* The cards' titles are h3: the outline needs this level between them and the h1. */}
            <h2 className="visually-hidden">Promotions en cours</h2>
            <PromotionGrid promotions={promotions} />
          </>
        )}
        <div className="note">
          <h2>Comment en profiter ?</h2>
          <p>
            Écrivez-nous sur WhatsApp depuis la promotion qui vous intéresse, ou mentionnez son code dans
            votre demande de devis ou lors de votre visite en boutique : la remise est appliquée sur votre
            commande pendant toute la durée de validité.
          </p>
          <a className="btn btn-primary" href={paths.submitProject}>
            Soumettre un projet
          </a>
        </div>
      </section>
    </>
  );
}
