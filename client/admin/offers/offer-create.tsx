import { useEffect, useId, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { OfferTabBar, tabId } from '#client/components/offer-tab-bar';
import { isListTab, parseOfferTab, type OfferTab } from '#shared/offer-tabs';
import { PageHeader } from '#client/admin/kit';
import { readDraft } from '#client/admin/kit/drafts';
import { ConnectionBanner } from './connection-banner';
import { FleetForm } from './fleet-form';
import { GoodForm } from './good-form';
import { offerDraftKey } from './use-offer-form';
import { ParcelForm } from './parcel-form';
import './offers.css';

/** Product rules, Pages and routes: the tabs that have no form yet. */
export const COMING_SOON = 'Cette fonctionnalité sera disponible prochainement.';
const FORM_LABEL = 'Créer une offre';

/**
 * 'Ajouter une nouvelle offre' (product rules, Pages and routes): the public page's six tabs, a form under
 * each of the first three. Only the chosen tab's form is mounted (one unsaved-changes
 * prompt at a time); what was typed in another stays in that form's draft and comes back
 * with its tab. `?type=` picks the first tab, like the public page; else the tab with a
 * kept draft, else Parcelles.
 */
export function OfferCreate() {
  const [searchParams] = useSearchParams();
  const askedType = searchParams.get('type');
  const [tab, setTab] = useState<OfferTab>(() => parseOfferTab(askedType));
  const { pathname } = useLocation();

  // Back from a sign-in after a 401 (or a reload): open the tab whose typing was kept, so
  // the draft shows at once. Storage is read in an effect only (same first render as the server).
  useEffect(() => {
    if (askedType) return;
    const kept = (['parcelles', 'flotte', 'biens'] as const).find((kind) =>
      readDraft(offerDraftKey(pathname, kind)),
    );
    if (kept) setTab(kept);
    // Once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
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
        <div
          className="offer-create-panel"
          role="tabpanel"
          id={panelId}
          aria-labelledby={tabId(idPrefix, tab)}
          tabIndex={isListTab(tab) ? undefined : 0}
        >
          {tab === 'parcelles' ? (
            <ParcelForm key={tab} label={FORM_LABEL} />
          ) : tab === 'flotte' ? (
            <FleetForm key={tab} label={FORM_LABEL} />
          ) : tab === 'biens' ? (
            <GoodForm key={tab} label={FORM_LABEL} />
          ) : (
            <p className="admin-panel coming-soon">{COMING_SOON}</p>
          )}
        </div>
      </section>
    </>
  );
}
