import { useRef, type KeyboardEvent } from 'react';
import { tabIndexForKey } from '#client/lib/tab-keys';
import { OFFER_TABS, tabHref, type OfferTab } from '#shared/offer-tabs';

interface OfferTabBarProps {
  selected: OfferTab;
  /** Prefix of the tab and panel ids (from useId). */
  idPrefix: string;
  panelId: string;
  /**
   * false until the island has hydrated: the tabs are then plain links (`?type=...`), which
   * is also what a visitor without script uses. true: the WAI-ARIA tabs pattern.
   */
  enhanced: boolean;
  onSelect: (tab: OfferTab) => void;
}

export const tabId = (idPrefix: string, tab: OfferTab) => `${idPrefix}tab-${tab}`;
const LABEL = 'Catégories d’offres';

export function OfferTabBar({ selected, idPrefix, panelId, enhanced, onSelect }: OfferTabBarProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  if (!enhanced) {
    return (
      <nav aria-label={LABEL}>
        <ul className="offer-tabs">
          {OFFER_TABS.map((tab) => (
            <li key={tab.key}>
              <a
                className="offer-tab"
                href={tabHref(tab.key)}
                aria-current={tab.key === selected ? 'page' : undefined}
              >
                {tab.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    );
  }

  // Arrow keys move between tabs and wrap, Home and End go to the ends; moving selects
  // (automatic activation: a list in flight is aborted when the next tab is chosen).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = OFFER_TABS.findIndex((tab) => tab.key === selected);
    const index = tabIndexForKey(event.key, current, OFFER_TABS.length);
    if (index === null) return;
    event.preventDefault();
    onSelect(OFFER_TABS[index]!.key);
    buttons.current[index]?.focus();
  };

  return (
    <div className="offer-tabs" role="tablist" aria-label={LABEL} onKeyDown={onKeyDown}>
      {OFFER_TABS.map((tab, index) => {
        const isSelected = tab.key === selected;
        return (
          <button
            key={tab.key}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.key)}
            className="offer-tab"
            aria-selected={isSelected}
            aria-controls={panelId}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
