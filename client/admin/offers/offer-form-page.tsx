import { useParams } from 'react-router-dom';
import { OfferCreate } from './offer-create';
import { OfferEdit } from './offer-edit';

/**
 * /admin/offers/new and /admin/offers/edit/{type}/{id} (product rules, Pages and routes;
 * product rules: offers are editable). The key remounts the edit screen when the route names
 * another offer.
 */
export function Component() {
  const { type, id } = useParams();
  if (type !== undefined && id !== undefined) return <OfferEdit key={`${type}/${id}`} type={type} id={id} />;
  return <OfferCreate />;
}
