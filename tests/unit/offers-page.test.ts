import { describe, expect, it } from 'vitest';
import {
  EURO_AMOUNTS_NOTE,
  EURO_PARITY_NOTE,
  formatEuroEquivalent,
  formatExactAmount,
  formatPrice,
  formatSurface,
} from '#shared/format';
import { goodTitle } from '#shared/good-title';
import { parseOfferTab, shownCount, tabHref } from '#shared/offer-tabs';
import { parcelStatusView } from '#client/lib/parcel-status';

// Intl's fr-FR grouping uses a narrow no-break space; compare with plain spaces.
const spaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('parcel status (product rules, States)', () => {
  it.each([
    ['En cours', 'green', 'contact', 'Contacter sur WhatsApp'],
    ['Vendu', 'red', 'sold', 'Vendu'],
    ['À venir', 'yellow', 'soon', 'Bientôt'],
    ['Disponible', 'grey', 'contact', 'Contacter sur WhatsApp'],
    ['Réservé', 'grey', 'contact', 'Contacter sur WhatsApp'],
    ['Loué', 'grey', 'contact', 'Contacter sur WhatsApp'],
    ['', 'grey', 'contact', 'Contacter sur WhatsApp'],
  ])("'%s' gives a %s badge and the %s action labelled '%s'", (status, tone, action, label) => {
    expect(parcelStatusView(status)).toEqual({ tone, action, actionLabel: label });
  });

  it('forgives case, missing accents and extra spaces of a free-text status', () => {
    expect(parcelStatusView('  a VENIR ').action).toBe('soon');
    expect(parcelStatusView('VENDU').tone).toBe('red');
    expect(parcelStatusView('en  cours').tone).toBe('green');
  });
});

describe('offers tab from the type query value', () => {
  it.each([
    [null, 'parcelles'],
    ['', 'parcelles'],
    ['Parcelles', 'parcelles'],
    ['parcelle', 'parcelles'],
    ['Flotte immobilière', 'flotte'],
    ['flotte immobiliere', 'flotte'],
    ['FLOTTE', 'flotte'],
    ['flotte-immobiliere', 'flotte'],
    ['Biens divers', 'biens'],
    ['biens', 'biens'],
    ['SIC', 'sic'],
    ['Construction Bail', 'construction-bail'],
    ['Suivi de chantier', 'suivi-chantier'],
    ['quelque chose', 'parcelles'],
  ])('%j opens the %s tab', (value, tab) => {
    expect(parseOfferTab(value)).toBe(tab);
  });

  it('links every tab with its label as type, which reads back as the same tab', () => {
    expect(tabHref('flotte')).toBe('/parcelles?type=Flotte+immobili%C3%A8re');
    for (const tab of [
      'parcelles',
      'flotte',
      'biens',
      'sic',
      'construction-bail',
      'suivi-chantier',
    ] as const) {
      const type = new URL(tabHref(tab), 'http://x').searchParams.get('type');
      expect(parseOfferTab(type)).toBe(tab);
    }
  });

  it('renders whole screenfuls of 12 cards, from 12 up to the cap', () => {
    expect(shownCount(null)).toBe(12);
    expect(shownCount('abc')).toBe(12);
    expect(shownCount('-5')).toBe(12);
    expect(shownCount('13')).toBe(24);
    expect(shownCount('24')).toBe(24);
    expect(shownCount('100000', 120)).toBe(120);
  });
});

describe('offer card texts', () => {
  it('shows the estimated value whole on the public side and to the centime in the back office, spelled F CFA', () => {
    expect(spaces(formatPrice(96750000.25))).toBe('96 750 000 F CFA');
    expect(spaces(formatPrice(48500000.5))).toBe('48 500 001 F CFA');
    expect(spaces(formatExactAmount(48500000.5))).toBe('48 500 000,50 F CFA');
    expect(spaces(formatExactAmount(9999999999999.99))).toBe('9 999 999 999 999,99 F CFA');
    expect(spaces(formatExactAmount(0))).toBe('0,00 F CFA');
  });

  it('gives the indicative euro amount at the fixed parity 1 € = 655,957 F CFA', () => {
    expect(spaces(formatEuroEquivalent(5_000_000))).toBe('≈ 7 622 €');
    expect(spaces(formatEuroEquivalent(655_957))).toBe('≈ 1 000 €');
    expect(spaces(formatEuroEquivalent(2_500))).toBe('≈ 4 €');
    // One amount is 'indicatif'; a page's or a list's amounts are 'indicatifs'.
    expect(EURO_PARITY_NOTE).toBe('indicatif, 1 € = 655,957 F CFA');
    expect(EURO_AMOUNTS_NOTE).toBe('Les montants en euros sont indicatifs (1 € = 655,957 F CFA).');
  });

  it('writes surfaces in m² with a decimal comma', () => {
    expect(spaces(formatSurface(1000))).toBe('1 000 m²');
    expect(formatSurface(135.5)).toBe('135,5 m²');
  });

  it("titles a miscellaneous good by its first 30 characters, else 'Bien divers'", () => {
    expect(goodTitle('Bétonnière 350 L à moteur thermique, bon état.')).toBe(
      'Bétonnière 350 L à moteur ther…',
    );
    expect(goodTitle('Lot d’échafaudages')).toBe('Lot d’échafaudages');
    expect(goodTitle('   ')).toBe('Bien divers');
  });
});
