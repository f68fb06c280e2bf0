import { z } from 'zod';
import { ADMIN_IMAGE_MAX_BYTES, PARCEL_STATUSES } from '#shared/constants';
import { DESCRIPTION_MAX, textField } from './category';

/**
 * The three kinds of offers (spec section 3: parcels, the real-estate fleet, miscellaneous
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
  // Spec section 5, "Admin offer".
  imageRequired: 'Une image est requise.',
  imageNotAnImage: 'Le fichier doit être une image (JPEG, PNG, etc.)',
  imageTooLarge: "L'image est trop volumineuse. La taille maximale est de 2MB.",
  imageTooMany: 'Une seule image par offre.',
  // Spec section 5 (parcel form, enforced by the rulings) and section 9 (lengths).
  titleTooShort: 'Le titre doit contenir au moins 3 caractères',
  titleTooLong: 'Le titre ne doit pas dépasser 190 caractères',
  descriptionTooShort: 'La description doit contenir au moins 10 caractères',
  descriptionTooLong: `La description ne doit pas dépasser ${DESCRIPTION_MAX} caractères`,
  locationRequired: 'La localisation est requise',
  locationTooLong: 'La localisation ne doit pas dépasser 190 caractères',
  priceRequired: 'Le prix est requis',
  // Rulings: prices are whole F CFA; a fractional part gets this message too.
  priceInvalid: 'Le prix doit être un nombre',
  priceTooLarge: 'Le prix est trop élevé',
  statusRequired: 'Veuillez sélectionner un statut',
  surfaceInvalid: 'La surface doit être un nombre positif (2 décimales au plus)',
  surfaceTooLarge: 'La surface est trop grande',
  // Fleet (spec sections 3 and 5).
  estimatedValueInvalid: 'La valeur estimée doit être un nombre positif (2 décimales au plus)',
  estimatedValueTooLarge: 'La valeur est trop élevée. Maximum autorisé: 9 999 999 999 999,99',
  propertyTypeTooLong: 'Le type de bien ne doit pas dépasser 120 caractères',
  addressTooLong: "L'adresse ne doit pas dépasser 255 caractères",
  ownerTooLong: 'Le propriétaire ne doit pas dépasser 190 caractères',
  occupationStatusTooLong: "Le statut d'occupation ne doit pas dépasser 60 caractères",
  textInvalid: 'Valeur invalide',
  // Miscellaneous goods: the spec leaves every field but the image optional; a good with
  // no words at all would show as an empty card, so at least 3 characters (spec section 9's
  // shortest minimum) are asked.
  goodDescriptionTooShort: 'La description doit contenir au moins 3 caractères',
  // Spec sections 2 and 8.
  parcelNotFound: 'Parcelle introuvable',
  fleetNotFound: 'Bien immobilier introuvable',
  goodNotFound: 'Bien divers introuvable',
  deleted: "L'offre a bien été supprimée.",
} as const;

/** Spec section 9: the back office's image limit, re-exported for the offer form. */
export const OFFER_IMAGE_MAX_BYTES = ADMIN_IMAGE_MAX_BYTES;

/** Column lengths (docs/data-model.md): MySQL refuses an overflow, so the schema does first. */
const TITLE_MAX = 190;
const LOCATION_MAX = 190;

/**
 * Largest accepted amounts, in hundredths for two-decimal amounts: the columns'
 * DECIMAL(12,2) for surfaces and DECIMAL(15,2) for the estimated value (its cap is the
 * spec's 9 999 999 999 999,99). Prices are BIGINT, capped where a JavaScript number stays exact.
 */
const SURFACE_MAX_HUNDREDTHS = 999_999_999_999n;
const ESTIMATED_VALUE_MAX_HUNDREDTHS = 999_999_999_999_999n;
const PRICE_MAX = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * An amount as typed in a French form: '1 250 000', '48500000,5', '12.50'. Spaces (also the
 * no-break and thin spaces of fr-FR grouping) are dropped and a comma becomes a point (spec
 * section 5). Returns the integer and fraction digits, or null for anything else (signs,
 * exponents, letters, several separators).
 */
export function amountParts(value: unknown): { integer: string; fraction: string } | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    value = String(value);
  }
  if (typeof value !== 'string') return null;
  const text = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  return { integer: match[1]!, fraction: match[2] ?? '' };
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

interface AmountRule {
  /** Decimals kept: 0 for whole F CFA, 2 for m² and the estimated value. */
  scale: 0 | 2;
  /** Largest value, in units of 10^-scale. */
  max: bigint;
  invalid: string;
  tooLarge: string;
}

/**
 * Reads a non-blank amount. Decimals beyond `scale` must be zeros ('1500,00' is a whole
 * price, '1500,5' is not: rulings). The cap is compared exactly, on digits.
 */
function readAmount(value: unknown, rule: AmountRule, ctx: z.RefinementCtx): number {
  const parts = amountParts(value);
  if (parts === null || /[^0]/.test(parts.fraction.slice(rule.scale))) {
    ctx.addIssue({ code: 'custom', message: rule.invalid });
    return z.NEVER;
  }
  const kept = parts.fraction.slice(0, rule.scale).padEnd(rule.scale, '0');
  if (BigInt(parts.integer + kept) > rule.max) {
    ctx.addIssue({ code: 'custom', message: rule.tooLarge });
    return z.NEVER;
  }
  return Number(kept ? `${parts.integer}.${kept}` : parts.integer);
}

function requiredAmount(rule: AmountRule, required: string) {
  return z.unknown().transform((value, ctx) => {
    if (!isBlank(value)) return readAmount(value, rule, ctx);
    ctx.addIssue({ code: 'custom', message: required });
    return z.NEVER;
  });
}

/** A blank optional amount is null (cleared). */
function optionalAmount(rule: AmountRule) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => (isBlank(value) ? null : readAmount(value, rule, ctx)));
}

/** An optional text: trimmed, '' or null read as null (cleared). */
export function optionalText(max: number, tooLong: string) {
  return z
    .string({ error: offerMessages.textInvalid })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));
}

const surface = optionalAmount({
  scale: 2,
  max: SURFACE_MAX_HUNDREDTHS,
  invalid: offerMessages.surfaceInvalid,
  tooLarge: offerMessages.surfaceTooLarge,
});

// ---- Parcels (spec section 3 "Parcelle"; rulings: the parcel form's rules are enforced).

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
  // Required; the form starts on DEFAULT_PARCEL_STATUS (spec section 9).
  status: z.enum(PARCEL_STATUSES, { error: offerMessages.statusRequired }),
});
export type ParcelInput = z.infer<typeof parcelSchema>;
export const parcelUpdateSchema = parcelSchema.partial();
export type ParcelUpdate = z.infer<typeof parcelUpdateSchema>;

// ---- Fleet properties (spec section 3 "Flotte immobilière"): every field optional.

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
});
export type FleetInput = z.infer<typeof fleetSchema>;
export const fleetUpdateSchema = fleetSchema.partial();
export type FleetUpdate = z.infer<typeof fleetUpdateSchema>;

// ---- Miscellaneous goods (spec section 3 "Bien divers"): a description and an image.

export const miscellaneousSchema = z.object({
  description: textField(
    3,
    DESCRIPTION_MAX,
    offerMessages.goodDescriptionTooShort,
    offerMessages.descriptionTooLong,
  ),
});
export type MiscellaneousInput = z.infer<typeof miscellaneousSchema>;
export const miscellaneousUpdateSchema = miscellaneousSchema.partial();
export type MiscellaneousUpdate = z.infer<typeof miscellaneousUpdateSchema>;
