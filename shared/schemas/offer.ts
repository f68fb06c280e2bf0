import { z } from 'zod';
import { bulkMessages, bulkSelectionFields, checkBulkSelection } from '#shared/bulk';
import { PARCEL_STATUSES } from '#shared/constants';
import { listQueryFields } from '#shared/list-query';
import {
  DESCRIPTION_MAX,
  optionalAmount,
  optionalText,
  publicationField,
  publicationFilterField,
  publishAtField,
  requiredAmount,
  skipBlank,
  textField,
} from './fields';

/**
 * The three kinds of offers (product rules, Entities: parcels, the real-estate fleet, miscellaneous
 * goods): the schemas the back-office offer form uses and the server enforces, and every
 * French message of the offer answers. The image is a file, checked by the form on the
 * client and by its bytes on the server, so it is not part of these schemas; its messages
 * and limit are here so both sides say the same thing.
 *
 * Each kind has a create schema and an update schema. An update changes only the fields it
 * carries (absent: kept; '' on an optional field: cleared), so a client that sends part of
 * a form never wipes the rest; a field it does send obeys the create rule.
 */
export const offerMessages = {
  imageTooMany: 'Une seule image par offre.',
  // Product rules, Validation (parcel form, enforced by the product rules) and product rules, Limits and constants (lengths).
  titleTooShort: 'Le titre doit contenir au moins 3 caractères',
  titleTooLong: 'Le titre ne doit pas dépasser 190 caractères',
  descriptionTooShort: 'La description doit contenir au moins 10 caractères',
  descriptionTooLong: `La description ne doit pas dépasser ${DESCRIPTION_MAX} caractères`,
  locationRequired: 'La localisation est requise',
  locationTooLong: 'La localisation ne doit pas dépasser 190 caractères',
  priceRequired: 'Le prix est requis',
  // Product rules: prices are whole F CFA; a fractional part gets this message too.
  priceInvalid: 'Le prix doit être un nombre',
  priceTooLarge: 'Le prix est trop élevé',
  statusRequired: 'Veuillez sélectionner un statut',
  statusFilterInvalid: `Le filtre de statut doit être l’un de : ${PARCEL_STATUSES.join(', ')}.`,
  surfaceInvalid: 'La surface doit être un nombre positif (2 décimales au plus)',
  surfaceTooLarge: 'La surface est trop grande',
  // Fleet (product rules, Entities and Validation).
  estimatedValueInvalid: 'La valeur estimée doit être un nombre positif (2 décimales au plus)',
  estimatedValueTooLarge: 'La valeur est trop élevée. Maximum autorisé: 9 999 999 999 999,99',
  propertyTypeTooLong: 'Le type de bien ne doit pas dépasser 120 caractères',
  addressTooLong: "L'adresse ne doit pas dépasser 255 caractères",
  ownerTooLong: 'Le propriétaire ne doit pas dépasser 190 caractères',
  occupationStatusTooLong: "Le statut d'occupation ne doit pas dépasser 60 caractères",
  // Miscellaneous goods: the product rules leave every field but the image optional; a good with
  // no words at all would show as an empty card, so at least 3 characters (product rules, Limits and constants's
  // shortest minimum) are asked.
  goodDescriptionTooShort: 'La description doit contenir au moins 3 caractères',
  // Product rules, Pages and routes and Messages and errors.
  parcelNotFound: 'Parcelle introuvable',
  fleetNotFound: 'Bien immobilier introuvable',
  goodNotFound: 'Bien divers introuvable',
  deleted: "L'offre a bien été supprimée.",
} as const;

/** Column lengths (docs/data-model.md): MySQL refuses an overflow, so the schema does first. */
const TITLE_MAX = 190;
const LOCATION_MAX = 190;

/**
 * Largest accepted amounts, in hundredths for two-decimal amounts: the columns'
 * DECIMAL(12,2) for surfaces and DECIMAL(15,2) for the estimated value (its cap is the
 * product rules' 9 999 999 999 999,99). Prices are BIGINT, capped where a JavaScript number stays exact.
 */
const SURFACE_MAX_HUNDREDTHS = 999_999_999_999n;
const ESTIMATED_VALUE_MAX_HUNDREDTHS = 999_999_999_999_999n;
const PRICE_MAX = BigInt(Number.MAX_SAFE_INTEGER);

const surface = optionalAmount({
  scale: 2,
  max: SURFACE_MAX_HUNDREDTHS,
  invalid: offerMessages.surfaceInvalid,
  tooLarge: offerMessages.surfaceTooLarge,
});

/** Every kind's state and moment (docs/product-rules.md, "Drafts and scheduled publishing"). */
const publicationShape = { publication: publicationField(), publish_at: publishAtField() };

// ---- Parcels (product rules, Entities; product rules: the parcel form's rules are enforced).

export const parcelSchema = z.object({
  title: textField(3, TITLE_MAX, offerMessages.titleTooShort, offerMessages.titleTooLong),
  description: textField(
    10,
    DESCRIPTION_MAX,
    offerMessages.descriptionTooShort,
    offerMessages.descriptionTooLong,
  ),
  location: textField(3, LOCATION_MAX, offerMessages.locationRequired, offerMessages.locationTooLong),
  surface,
  price: requiredAmount(
    { scale: 0, max: PRICE_MAX, invalid: offerMessages.priceInvalid, tooLarge: offerMessages.priceTooLarge },
    offerMessages.priceRequired,
  ),
  // Required; the form starts on DEFAULT_PARCEL_STATUS (product rules, Limits and constants).
  status: z.enum(PARCEL_STATUSES, { error: offerMessages.statusRequired }),
  ...publicationShape,
});
export type ParcelInput = z.infer<typeof parcelSchema>;
export const parcelUpdateSchema = parcelSchema.partial();
export type ParcelUpdate = z.infer<typeof parcelUpdateSchema>;

// ---- Fleet properties (product rules, Entities): every field optional.

export const fleetSchema = z.object({
  propertyType: optionalText(120, offerMessages.propertyTypeTooLong),
  address: optionalText(255, offerMessages.addressTooLong),
  surface,
  owner: optionalText(190, offerMessages.ownerTooLong),
  occupationStatus: optionalText(60, offerMessages.occupationStatusTooLong),
  estimatedValue: optionalAmount({
    scale: 2,
    max: ESTIMATED_VALUE_MAX_HUNDREDTHS,
    invalid: offerMessages.estimatedValueInvalid,
    tooLarge: offerMessages.estimatedValueTooLarge,
  }),
  ...publicationShape,
});
export type FleetInput = z.infer<typeof fleetSchema>;
export const fleetUpdateSchema = fleetSchema.partial();
export type FleetUpdate = z.infer<typeof fleetUpdateSchema>;

// ---- Miscellaneous goods (product rules, Entities): a description and an image.

export const miscellaneousSchema = z.object({
  description: textField(
    3,
    DESCRIPTION_MAX,
    offerMessages.goodDescriptionTooShort,
    offerMessages.descriptionTooLong,
  ),
  ...publicationShape,
});
export type MiscellaneousInput = z.infer<typeof miscellaneousSchema>;
export const miscellaneousUpdateSchema = miscellaneousSchema.partial();
export type MiscellaneousUpdate = z.infer<typeof miscellaneousUpdateSchema>;

// ---- The back office's lists of offers (docs/product-rules.md, "Lists of the back office"
// and "Bulk actions"): one server list per kind, `GET /api/admin/{kind}` and its bulk call.

/** The rows one page of an offers list shows when the query names no size. */
export const OFFERS_PER_PAGE = 50;

export const PARCEL_SORTS = ['title', 'location', 'price', 'surface', 'status', 'created_at'] as const;
export const FLEET_SORTS = [
  'property_type',
  'address',
  'owner',
  'estimated_value',
  'occupation_status',
  'created_at',
] as const;
export const GOOD_SORTS = ['description', 'created_at'] as const;

/** Every kind's paging, sort (newest first unless asked), search and state filter. */
function offerListFields<S extends string>(sorts: readonly (S | 'created_at')[]) {
  return {
    ...listQueryFields({ sorts, defaultSort: '-created_at', perPage: OFFERS_PER_PAGE }),
    publication: publicationFilterField(),
  };
}

export const parcelListQuerySchema = z.object({
  ...offerListFields(PARCEL_SORTS),
  // The parcel's own status (the form's choices); blank or absent, every status.
  status: z.preprocess(
    skipBlank,
    z.enum(PARCEL_STATUSES, { error: offerMessages.statusFilterInvalid }).optional(),
  ),
});
export const fleetListQuerySchema = z.object(offerListFields(FLEET_SORTS));
export const goodListQuerySchema = z.object(offerListFields(GOOD_SORTS));

/** Publish (on the site now), unpublish (back to draft), move to the trash; parcels also change status. */
export const OFFER_BULK_ACTIONS = ['publish', 'unpublish', 'delete'] as const;
export const PARCEL_BULK_ACTIONS = [...OFFER_BULK_ACTIONS, 'set_status'] as const;

/** A bulk request's filter: the list's filters and search, without paging and sort. */
const LIST_ONLY = { page: true, per_page: true, sort: true } as const;

export const parcelBulkSchema = z
  .object({
    action: z.enum(PARCEL_BULK_ACTIONS, { error: bulkMessages.actionInvalid }),
    ...bulkSelectionFields(parcelListQuerySchema.omit(LIST_ONLY)),
    status: z.enum(PARCEL_STATUSES, { error: offerMessages.statusRequired }).optional(),
  })
  .superRefine((body, ctx) => {
    checkBulkSelection(body, ctx);
    if (body.action === 'set_status' && body.status === undefined)
      ctx.addIssue({ code: 'custom', message: offerMessages.statusRequired, path: ['status'] });
  });
export const fleetBulkSchema = z
  .object({
    action: z.enum(OFFER_BULK_ACTIONS, { error: bulkMessages.actionInvalid }),
    ...bulkSelectionFields(fleetListQuerySchema.omit(LIST_ONLY)),
  })
  .superRefine(checkBulkSelection);
export const goodBulkSchema = z
  .object({
    action: z.enum(OFFER_BULK_ACTIONS, { error: bulkMessages.actionInvalid }),
    ...bulkSelectionFields(goodListQuerySchema.omit(LIST_ONLY)),
  })
  .superRefine(checkBulkSelection);
