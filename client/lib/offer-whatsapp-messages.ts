import { formatPrice } from '#shared/format';
import type { FleetItem, GoodItem, ParcelItem } from '#shared/readers/offers';
import { goodTitle } from '#shared/good-title';

/**
 * The prefilled French WhatsApp messages of the offer cards (product rules, Audience and services: contact goes
 * through WhatsApp with a prefilled French message). Each names the offer so the team
 * knows which one the visitor means.
 */
export function parcelContactMessage(parcel: ParcelItem): string {
  return `Bonjour, je suis intéressé(e) par la parcelle « ${parcel.title} » (${parcel.location}) à ${formatPrice(parcel.price)}. Est-elle toujours disponible ?`;
}

/** 'À venir': the visitor asks to be told when the parcel opens. */
export function parcelSoonMessage(parcel: ParcelItem): string {
  return `Bonjour, la parcelle « ${parcel.title} » (${parcel.location}) m’intéresse. Pouvez-vous me prévenir dès qu’elle sera disponible ?`;
}

export function fleetContactMessage(property: FleetItem): string {
  const where = property.address ? ` (${property.address})` : '';
  return `Bonjour, je souhaite des informations sur le bien « ${property.propertyType || 'Bien flotte'} »${where}.`;
}

export function goodContactMessage(good: GoodItem): string {
  return `Bonjour, je suis intéressé(e) par le bien divers « ${goodTitle(good.description)} ». Est-il toujours disponible ?`;
}
