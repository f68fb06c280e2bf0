import { useRef, type KeyboardEvent } from 'react';
import { tabIndexForKey } from '#client/lib/tab-keys';
import { OFFER_KINDS, type OfferKind } from './offer-kinds';

const KINDS = Object.values(OFFER_KINDS);

/**
 * The offers list's kinds as tabs (docs/product-rules.md, "Back office"): one kind's list at
 * a time, the chosen tab underlined. The arrows move between tabs and choose (a list in
 * flight is dropped for the next one), Home and End go to the ends.
 */
export function OfferKindTabs({
  selected,
  onSelect,
}: {
  selected: OfferKind;
  onSelect: (kind: OfferKind) => void;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = KINDS.findIndex((info) => info.kind === selected);
    const index = tabIndexForKey(event.key, current, KINDS.length);
    if (index === null) return;
    event.preventDefault();
    onSelect(KINDS[index]!.kind);
    buttons.current[index]?.focus();
  };
  return (
    <div className="offer-kind-tabs" role="tablist" aria-label="Types d’offres" onKeyDown={onKeyDown}>
      {KINDS.map((info, index) => {
        const isSelected = info.kind === selected;
        return (
          <button
            key={info.kind}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            className="offer-kind-tab"
            aria-selected={isSelected}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(info.kind)}
          >
            {info.tabLabel}
          </button>
        );
      })}
    </div>
  );
}
