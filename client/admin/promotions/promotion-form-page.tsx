import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { promotionMessages } from '#shared/schemas/promotion';
import type { Promotion } from '#shared/types';
import { ItemLoadState, PageHeader, useAdminItem, RevisionHistory } from '#client/admin/kit';
import { PromotionForm } from './promotion-form';
import { promotionToValues } from './promotion-form-values';

const NEW_TITLE = 'Nouvelle promotion';
const EDIT_TITLE = 'Modifier la promotion';

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
  // A restored version loads the promotion again, into a new form (docs/product-rules.md, "Revisions").
  const [round, setRound] = useState(0);
  const loaded = useAdminItem<Promotion>(`/promotions/${encodeURIComponent(promotionId)}`, { round });

  if (loaded.status !== 'ready')
    return <ItemLoadState state={loaded} title={EDIT_TITLE} notFound={promotionMessages.notFound} />;
  return (
    <>
      <PageHeader title={EDIT_TITLE} lead={loaded.item.title}>
        <RevisionHistory kind="promotion" id={loaded.item.id} onRestored={() => setRound((n) => n + 1)} />
      </PageHeader>
      <PromotionForm
        key={round}
        title={EDIT_TITLE}
        promotion={loaded.item}
        loaded={promotionToValues(loaded.item)}
      />
    </>
  );
}
