import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { promotionMessages } from '#shared/schemas/promotion';
import type { Promotion } from '#shared/types';
import { adminApi, isSessionEnd, itemData, PageHeader, Spinner } from '#client/admin/kit';
import { PromotionForm } from './promotion-form';
import { promotionToValues } from './promotion-form-values';

const NEW_TITLE = 'Nouvelle promotion';
const EDIT_TITLE = 'Modifier la promotion';

type Loaded = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; promotion: Promotion };

/**
 * /admin/promotions/new and /admin/promotions/edit/{promotionId} (product rules, Pages and routes): editing
 * loads the promotion (the administrator's token also reaches ended ones, product rules) and
 * says 'Promotion non trouvée' when it cannot.
 */
export function Component() {
  const { promotionId } = useParams();
  if (promotionId === undefined) {
    return (
      <>
        <PageHeader title={NEW_TITLE} />
        <PromotionForm title={NEW_TITLE} />
      </>
    );
  }
  return <EditPromotion key={promotionId} promotionId={promotionId} />;
}

function EditPromotion({ promotionId }: { promotionId: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    adminApi<{ data: Promotion }>(`/promotions/${encodeURIComponent(promotionId)}`, {
      signal: controller.signal,
    })
      .then((answer) => setLoaded({ status: 'ready', promotion: itemData(answer) }))
      .catch((error: unknown) => {
        if (controller.signal.aborted || isSessionEnd(error)) return;
        setLoaded({ status: 'missing' });
      });
    return () => controller.abort();
  }, [promotionId]);

  if (loaded.status === 'loading') return <Spinner label="Chargement..." />;
  if (loaded.status === 'missing') {
    return (
      <>
        <PageHeader title={EDIT_TITLE} />
        <p className="list-error" role="alert">
          {promotionMessages.notFound}
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeader title={EDIT_TITLE} lead={loaded.promotion.title} />
      <PromotionForm
        title={EDIT_TITLE}
        promotion={loaded.promotion}
        loaded={promotionToValues(loaded.promotion)}
      />
    </>
  );
}
