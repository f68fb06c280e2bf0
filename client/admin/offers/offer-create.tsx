import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { OfferTabBar, tabId } from '../../components/offer-tab-bar';
import { parseOfferTab, type OfferTab } from '../../pages/offers/offer-tabs';
import { PageHeader } from '../kit';
import { ConnectionBanner } from './connection-banner';
import { FleetForm } from './fleet-form';
import { GoodForm } from './good-form';
import { ParcelForm } from './parcel-form';
import './offers.css';

/** Spec section 2: the tabs that have no form yet. */
export const COMING_SOON = 'Cette fonctionnalité sera disponible prochainement.';
const FORM_LABEL = 'Créer une offre';

/**
 * 'Ajouter une nouvelle offre' (spec section 2): the public page's six tabs, a form under
 * each of the first three. Only the chosen tab's form is mounted (one unsaved-changes
 * prompt at a time); what was typed in another stays in that form's draft and comes back
 * with its tab. `?type=` picks the first tab, like the public page.
 */
export function OfferCreate() {
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<OfferTab>(() => parseOfferTab(searchParams.get('type')));
  const idPrefix = useId();
  const headingId = `${idPrefix}heading`;
  const panelId = `${idPrefix}panel`;

  return (
    <>
      <PageHeader title="Ajouter une nouvelle offre" />
      <ConnectionBanner />
      <section className="offer-create" aria-labelledby={headingId}>
        <h2 id={headingId}>{FORM_LABEL}</h2>
        <OfferTabBar selected={tab} idPrefix={idPrefix} panelId={panelId} enhanced onSelect={setTab} />
        <div className="offer-create-panel" role="tabpanel" id={panelId} aria-labelledby={tabId(idPrefix, tab)}>
          {tab === 'parcelles' ? (
            <ParcelForm key={tab} label={FORM_LABEL} />
          ) : tab === 'flotte' ? (
            <FleetForm key={tab} label={FORM_LABEL} />
          ) : tab === 'biens' ? (
            <GoodForm key={tab} label={FORM_LABEL} />
          ) : (
            <p className="note coming-soon">{COMING_SOON}</p>
          )}
        </div>
      </section>
    </>
  );
}
