import { foldText } from '#shared/fold-text';

/**
 * Product rules, States: the admin offer badges Disponible, En cours, Réservé, Loué (the parcels'
 * statuses and the fleet's occupation status share the column). The product rules give no colours
 * for them: free (Disponible, Libre) green, in progress the default blue, held (Réservé,
 * À venir) yellow, taken (Loué, Occupé, En location) grey, Vendu red like the public page.
 * Text is free on the fleet, so case and accents are forgiven and anything else is grey.
 */
const TONES: Record<string, string> = {
  disponible: 'badge-green',
  libre: 'badge-green',
  'en cours': '',
  reserve: 'badge-yellow',
  'a venir': 'badge-yellow',
  loue: 'badge-grey',
  occupe: 'badge-grey',
  'en location': 'badge-grey',
  vendu: 'badge-red',
};

export function statusTone(status: string): string {
  return TONES[foldText(status)] ?? 'badge-grey';
}

export function OfferStatusBadge({ status }: { status: string | null }) {
  if (!status) return <span className="muted">—</span>;
  const tone = statusTone(status);
  return <span className={tone ? `badge ${tone}` : 'badge'}>{status}</span>;
}
