import { describe, expect, it } from 'vitest';
import { amountParts } from '#shared/schemas/fields';
import {
  fleetSchema,
  fleetUpdateSchema,
  miscellaneousSchema,
  parcelSchema,
  parcelUpdateSchema,
} from '#shared/schemas/offer';

/** The shared offer schemas (product rules, Entities and Validation; product rules on prices and parcels). */

function fieldErrors(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? [])
    (errors[String(issue.path[0] ?? '')] ??= []).push(issue.message);
  return errors;
}

const parcel = {
  title: 'Parcelle à Calavi',
  description: 'Parcelle plate avec convention de vente.',
  location: 'Abomey-Calavi',
  price: '12500000',
  status: 'Disponible',
};

describe('amountParts', () => {
  it.each([
    ['1 250 000', { integer: '1250000', fraction: '' }],
    ['1\u202f250\u00a0000,50', { integer: '1250000', fraction: '50' }],
    [' 12.5 ', { integer: '12', fraction: '5' }],
    [42, { integer: '42', fraction: '' }],
  ])('reads %j as French form text', (value, parts) => {
    expect(amountParts(value)).toEqual(parts);
  });

  it.each(['', '-5', '1e6', '12,5,0', '1.2.3', 'douze', null, undefined, Number.NaN, ['12']])(
    'refuses %j',
    (value) => {
      expect(amountParts(value)).toBeNull();
    },
  );
});

describe('parcelSchema', () => {
  it('trims texts, reads the price as whole F CFA and the surface with two decimals', () => {
    expect(
      parcelSchema.parse({
        ...parcel,
        title: '  Parcelle à Calavi ',
        price: '1 250 000,00',
        surface: '500,25',
      }),
    ).toEqual({
      ...parcel,
      price: 1_250_000,
      surface: 500.25,
    });
  });

  it('leaves the surface optional: absent or blank is null', () => {
    expect(parcelSchema.parse(parcel).surface).toBeNull();
    expect(parcelSchema.parse({ ...parcel, surface: ' ' }).surface).toBeNull();
  });

  it('gives every rule its French message at once', () => {
    expect(fieldErrors(parcelSchema.safeParse({ surface: 'grand' }))).toEqual({
      title: ['Le titre doit contenir au moins 3 caractères'],
      description: ['La description doit contenir au moins 10 caractères'],
      location: ['La localisation est requise'],
      surface: ['La surface doit être un nombre positif (2 décimales au plus)'],
      price: ['Le prix est requis'],
      status: ['Veuillez sélectionner un statut'],
    });
  });

  it.each(['1500,5', '0.01', '-1', 'abc'])('refuses the price %j as not a whole number', (price) => {
    expect(fieldErrors(parcelSchema.safeParse({ ...parcel, price }))).toEqual({
      price: ['Le prix doit être un nombre'],
    });
  });

  it('refuses a price beyond what a JavaScript number holds exactly', () => {
    expect(fieldErrors(parcelSchema.safeParse({ ...parcel, price: '9007199254740992' }))).toEqual({
      price: ['Le prix est trop élevé'],
    });
    expect(parcelSchema.parse({ ...parcel, price: '9007199254740991' }).price).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each(['Disponible', 'En cours', 'Réservé', 'À venir', 'Vendu'])('accepts the status %s', (status) => {
    expect(parcelSchema.parse({ ...parcel, status }).status).toBe(status);
  });

  it('refuses titles and locations longer than their columns', () => {
    expect(
      fieldErrors(parcelSchema.safeParse({ ...parcel, title: 'x'.repeat(191), location: 'y'.repeat(191) })),
    ).toEqual({
      title: ['Le titre ne doit pas dépasser 190 caractères'],
      location: ['La localisation ne doit pas dépasser 190 caractères'],
    });
  });
});

describe('parcelUpdateSchema', () => {
  it('keeps absent fields absent and still checks the fields sent', () => {
    expect(parcelUpdateSchema.parse({})).toEqual({});
    expect(parcelUpdateSchema.parse({ surface: '' })).toEqual({ surface: null });
    expect(fieldErrors(parcelUpdateSchema.safeParse({ price: '' }))).toEqual({
      price: ['Le prix est requis'],
    });
  });
});

describe('fleetSchema', () => {
  it('makes every field optional: blanks become null', () => {
    expect(fleetSchema.parse({ owner: ' ', address: '' })).toEqual({
      propertyType: null,
      address: null,
      surface: null,
      owner: null,
      occupationStatus: null,
      estimatedValue: null,
    });
  });

  it('accepts the cap 9 999 999 999 999,99 and refuses one cent more with the product rules message', () => {
    expect(fleetSchema.parse({ estimatedValue: '9 999 999 999 999,99' }).estimatedValue).toBe(
      9_999_999_999_999.99,
    );
    expect(fleetSchema.parse({ estimatedValue: '9999999999999.990' }).estimatedValue).toBe(
      9_999_999_999_999.99,
    );
    for (const estimatedValue of ['10 000 000 000 000', '10000000000000,00', '123456789012345678']) {
      expect(fieldErrors(fleetSchema.safeParse({ estimatedValue }))).toEqual({
        estimatedValue: ['La valeur est trop élevée. Maximum autorisé: 9 999 999 999 999,99'],
      });
    }
  });

  it('refuses a third decimal and negative values', () => {
    for (const estimatedValue of ['10,001', '-1']) {
      expect(fieldErrors(fleetSchema.safeParse({ estimatedValue }))).toEqual({
        estimatedValue: ['La valeur estimée doit être un nombre positif (2 décimales au plus)'],
      });
    }
  });

  it('refuses texts longer than their columns', () => {
    expect(
      fieldErrors(fleetSchema.safeParse({ occupationStatus: 'x'.repeat(61), propertyType: ['a', 'b'] })),
    ).toEqual({
      propertyType: ['Valeur invalide'],
      occupationStatus: ["Le statut d'occupation ne doit pas dépasser 60 caractères"],
    });
  });

  it('has an update schema that leaves absent fields out', () => {
    expect(fleetUpdateSchema.parse({ owner: '' })).toEqual({ owner: null });
  });
});

describe('miscellaneousSchema', () => {
  it('requires a description of at least 3 characters', () => {
    expect(miscellaneousSchema.parse({ description: ' Lot ' })).toEqual({ description: 'Lot' });
    expect(fieldErrors(miscellaneousSchema.safeParse({ description: 'ab' }))).toEqual({
      description: ['La description doit contenir au moins 3 caractères'],
    });
  });
});
