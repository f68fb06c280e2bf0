import { useEffect, useId, useRef, useState } from 'react';
import type { PreviewImage } from '#client/components/offer-image';
import { OfferImagePreview } from '#client/components/offer-image-preview';
import { OfferList } from '#client/components/offer-list';
import { OfferPlaceholder } from '#client/components/offer-placeholder';
import { OfferTabBar, tabId } from '#client/components/offer-tab-bar';
import { api, ApiError } from '#client/lib/api-client';
import { island } from '#client/lib/island';
import type { OfferItems, OfferList as OfferListData } from '#shared/readers/offers';
import {
  isListTab,
  OFFER_API,
  OFFERS_PAGE_SIZE,
  tabHref,
  tabLabel,
  type ListTab,
  type OfferTab,
} from '#shared/offer-tabs';

export interface OffersTabsProps {
  initialTab: OfferTab;
  /** The server's first cards of the initial tab; null for a placeholder tab. */
  list: OfferListData | null;
  /**
   * `?id=` (product rules): that offer is highlighted. The server marks its card, which the
   * islands script scrolls into view and focuses at load (client/lib/focus-on-load.ts).
   */
  highlightId: number | null;
  /** Site setting: the WhatsApp number of the 'Contacter' links. */
  whatsapp: string;
}

type ListState =
  { status: 'ready'; list: OfferListData } | { status: 'loading' } | { status: 'error'; message: string };

/** Product rules, Messages and errors: the message, or this text, in red. */
const LOAD_FAILED = 'Erreur lors du chargement des données';

/** The whole list of a kind, from the public API (no token, product rules); a bare array is accepted too. */
async function fetchList(kind: ListTab, signal: AbortSignal): Promise<OfferListData> {
  const answer = await api<{ data: OfferItems[ListTab][] } | OfferItems[ListTab][]>(OFFER_API[kind], {
    signal,
  });
  const items = Array.isArray(answer) ? answer : answer.data;
  return { kind, items, total: items.length } as OfferListData;
}

function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : LOAD_FAILED;
}

/**
 * The tabs and the shown tab's content of the offers page (product rules, Pages and routes). The
 * server renders the first state with links for tabs; once hydrated, the tabs follow the
 * WAI-ARIA tabs pattern and every switch reloads the list from the API (the same
 * section), with loading, error and empty states. The URL's `type` follows.
 * Hydrated on first use (decision 0029): until the visitor touches, focuses or clicks
 * something in it, the server's links work as they are and no React runs; a click on a
 * tab, 'Afficher plus' or a photo made before is held back and replayed on the same
 * control (client/lib/first-use.ts). The WhatsApp links go to the browser at once.
 */
function OffersTabs({ initialTab, list, highlightId, whatsapp }: OffersTabsProps) {
  const idPrefix = useId();
  const panelId = `${idPrefix}panel`;
  const [enhanced, setEnhanced] = useState(false);
  const [tab, setTab] = useState(initialTab);
  const [state, setState] = useState<ListState>(list ? { status: 'ready', list } : { status: 'loading' });
  const [visible, setVisible] = useState(list?.items.length ?? OFFERS_PAGE_SIZE);
  const [highlight, setHighlight] = useState(highlightId);
  const [more, setMore] = useState<{ loading: boolean; error: string | null }>({
    loading: false,
    error: null,
  });
  const [preview, setPreview] = useState<PreviewImage | null>(null);
  const request = useRef<AbortController | null>(null);
  const previewTrigger = useRef<HTMLElement | null>(null);

  useEffect(() => {
    setEnhanced(true);
    return () => request.current?.abort();
  }, []);

  /** Starts a request, aborting the one in flight: only the last chosen tab may answer. */
  function startRequest(): AbortController {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    return controller;
  }

  async function load(kind: ListTab) {
    const controller = startRequest();
    setState({ status: 'loading' });
    setMore({ loading: false, error: null });
    try {
      const loaded = await fetchList(kind, controller.signal);
      setVisible(OFFERS_PAGE_SIZE);
      setState({ status: 'ready', list: loaded });
    } catch (error) {
      if (!controller.signal.aborted) setState({ status: 'error', message: failureMessage(error) });
    }
  }

  function select(next: OfferTab) {
    if (next === tab) return;
    setTab(next);
    setHighlight(null);
    window.history.replaceState(window.history.state, '', tabHref(next));
    if (isListTab(next)) {
      void load(next);
    } else {
      request.current?.abort();
      setState({ status: 'loading' });
    }
  }

  /** The server sent one screenful: the first 'Afficher plus' fetches the rest, then shows more. */
  async function showMore() {
    if (state.status !== 'ready') return;
    if (
      state.list.items.length >= visible + OFFERS_PAGE_SIZE ||
      state.list.items.length >= state.list.total
    ) {
      setVisible(visible + OFFERS_PAGE_SIZE);
      return;
    }
    const controller = startRequest();
    setMore({ loading: true, error: null });
    try {
      const loaded = await fetchList(state.list.kind, controller.signal);
      setState({ status: 'ready', list: loaded });
      setVisible(visible + OFFERS_PAGE_SIZE);
      setMore({ loading: false, error: null });
    } catch (error) {
      if (!controller.signal.aborted) setMore({ loading: false, error: failureMessage(error) });
    }
  }

  function openPreview(image: PreviewImage, trigger: HTMLElement) {
    previewTrigger.current = trigger;
    setPreview(image);
  }

  function closePreview() {
    setPreview(null);
    previewTrigger.current?.focus();
  }

  return (
    <>
      <OfferTabBar
        selected={tab}
        idPrefix={idPrefix}
        panelId={panelId}
        enhanced={enhanced}
        onSelect={select}
      />
      <div
        id={panelId}
        className="offer-panel"
        role={enhanced ? 'tabpanel' : undefined}
        aria-labelledby={enhanced ? tabId(idPrefix, tab) : undefined}
        aria-busy={state.status === 'loading' && isListTab(tab)}
      >
        <h2 className="visually-hidden">{tabLabel(tab)}</h2>
        {!isListTab(tab) ? (
          <OfferPlaceholder tab={tab} />
        ) : state.status === 'loading' ? (
          <p className="offer-loading" role="status">
            <span className="spinner" aria-hidden="true" />
            Chargement des offres...
          </p>
        ) : state.status === 'error' ? (
          <div className="offer-failure">
            <p className="offer-error" role="alert">
              {state.message}
            </p>
            <button type="button" className="btn btn-outline" onClick={() => void load(tab)}>
              Réessayer
            </button>
          </div>
        ) : (
          <OfferList
            list={state.list}
            visible={visible}
            highlightId={highlight}
            whatsapp={whatsapp}
            loadingMore={more.loading}
            moreError={more.error}
            onMore={() => void showMore()}
            onPreview={enhanced ? openPreview : undefined}
          />
        )}
      </div>
      <OfferImagePreview image={preview} onClose={closePreview} />
    </>
  );
}

export default island('offers-tabs', OffersTabs, { hydrate: 'first-use' });
