import type { PromotionInput } from '#shared/schemas/promotion';
import type { Promotion } from '#shared/types';
import {
  appendPublication,
  NEW_PUBLICATION,
  publicationToValues,
  type PublicationValues,
} from '#client/admin/kit/publication-values';

/**
 * What the promotion form holds and how it goes to the API (product rules, Validation:
 * title, discount, startDate, endDate, description, optional image, as
 * form data). Pure functions, tested in tests/unit/admin-promotion-form.test.ts.
 */
export type PromotionFormValues = {
  title: string;
  discount: string;
  code: string;
  startDate: string;
  endDate: string;
  description: string;
  image: File | null;
  /** Edit only: take the stored image away. */
  remove_image: boolean;
} & PublicationValues;

/** Product rules, Validation: the start date defaults to today. */
export function emptyPromotion(today: string): PromotionFormValues {
  return {
    title: '',
    discount: '',
    code: '',
    startDate: today,
    endDate: '',
    description: '',
    image: null,
    remove_image: false,
    ...NEW_PUBLICATION,
  };
}

export function promotionToValues(promotion: Promotion): PromotionFormValues {
  return {
    title: promotion.title,
    discount: promotion.discount,
    code: promotion.code ?? '',
    startDate: promotion.startDate,
    endDate: promotion.endDate,
    description: promotion.description,
    image: null,
    remove_image: false,
    ...publicationToValues(promotion),
  };
}

/**
 * The request body from the schema's output: dates are 'YYYY-MM-DD' whatever was typed
 * (product rules, Validation: a dd/mm/yyyy date is converted), the discount is kept as typed ('10%').
 * An update carries `_method=PUT` (product rules, API).
 */
export function toPromotionFormData(
  data: PromotionInput,
  values: PromotionFormValues,
  editing: boolean,
): FormData {
  const body = new FormData();
  if (editing) body.append('_method', 'PUT');
  body.append('title', data.title);
  body.append('discount', data.discount);
  // Always sent: an emptied field takes the code away.
  body.append('code', data.code ?? '');
  body.append('startDate', data.startDate);
  body.append('endDate', data.endDate);
  body.append('description', data.description);
  if (values.image instanceof File) body.append('image', values.image);
  else if (editing && values.remove_image) body.append('remove_image', '1');
  appendPublication(body, values);
  return body;
}

/** Product rules: the public side lists a promotion until its end date has passed. */
export function hasEnded(promotion: Pick<Promotion, 'endDate'>, today: string): boolean {
  return promotion.endDate !== '' && promotion.endDate < today;
}
