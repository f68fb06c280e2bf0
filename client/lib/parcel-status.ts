import { foldText } from '#shared/fold-text';

/**
 * Product rules, States: the badge colour and the action a status gives.
 * 'En cours' green, 'Vendu' red, 'À venir' yellow, any other value grey; the action is
 * 'Contacter sur WhatsApp' by default, 'Bientôt' for 'À venir' and a disabled 'Vendu' for 'Vendu'.
 * Status is free text in the admin form, so case and accents are forgiven.
 */
export type BadgeTone = 'green' | 'red' | 'yellow' | 'grey';
export type ParcelAction = 'contact' | 'soon' | 'sold';

export interface ParcelStatusView {
  tone: BadgeTone;
  action: ParcelAction;
  /** Text of the action button. */
  actionLabel: string;
}

export function parcelStatusView(status: string | null | undefined): ParcelStatusView {
  switch (foldText(status ?? '')) {
    case 'en cours':
      return { tone: 'green', action: 'contact', actionLabel: 'Contacter sur WhatsApp' };
    case 'vendu':
      return { tone: 'red', action: 'sold', actionLabel: 'Vendu' };
    case 'a venir':
      return { tone: 'yellow', action: 'soon', actionLabel: 'Bientôt' };
    default:
      return { tone: 'grey', action: 'contact', actionLabel: 'Contacter sur WhatsApp' };
  }
}
