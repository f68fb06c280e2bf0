import { describe, expect, test } from 'vitest';
import type { FleetProperty, MiscellaneousGood, Parcel } from '#shared/types';
import { ApiError } from '#client/lib/api-client';
import { readFailure, readStatus } from '#client/admin/offers/connection-check';
import { amountText } from '#client/admin/offers/offer-form-props';
import { editType, offerKindOf, UNSUPPORTED_OFFER_TYPE } from '#client/admin/offers/offer-kinds';
import { fleetRow, goodRow, parcelRow, viewHref } from '#client/admin/offers/offer-rows';
import {
  IMAGE_FORMAT_REFUSED,
  offerFailureMessage,
  offerFormData,
  UNKNOWN_ERROR,
} from '#client/admin/offers/offer-save';
import { statusTone } from '#client/admin/offers/offer-status-badge';

// The back office's offer screens, their pure parts (product rules, Pages and routes, Entities, Validation, API and Messages and errors; product rules).

const parcel = (over: Partial<Parcel> = {}): Parcel => ({
  id: 7,
  title: 'Parcelle à Calavi',
  description: 'Une belle parcelle bien située.',
  location: 'Calavi',
  surface: 500,
  price: 12_500_000,
  status: 'Disponible',
  image: 'parcelle/a.jpg',
  created_at: '2024-03-05T10:00:00.000Z',
  publication: 'published',
  publish_at: null,
  ...over,
});
const fleet = (over: Partial<FleetProperty> = {}): FleetProperty => ({
  id: 3,
  propertyType: 'Villa',
  address: 'Fidjrossè',
  surface: 320.5,
  owner: 'M. Dossou',
  occupationStatus: 'Loué',
  estimatedValue: 48_500_000.5,
  image: 'fleet/b.jpg',
  created_at: '2024-04-01T08:00:00.000Z',
  publication: 'published',
  publish_at: null,
  ...over,
});
const good = (over: Partial<MiscellaneousGood> = {}): MiscellaneousGood => ({
  id: 9,
  description: 'Groupe électrogène 20 kVA très peu servi, révisé en 2024',
  image: 'bien/c.jpg',
  created_at: '2024-02-01T08:00:00.000Z',
  publication: 'published',
  publish_at: null,
  ...over,
});

describe('offer kinds of the edit route', () => {
  test('reads both the view link types and the API path segments, whatever the case or accents', () => {
    expect(offerKindOf('Parcelles')).toBe('parcelles');
    expect(offerKindOf('parcels')).toBe('parcelles');
    expect(offerKindOf('Flotte immobilière')).toBe('flotte');
    expect(offerKindOf('flotte-immobiliere')).toBe('flotte');
    expect(offerKindOf('Flotte%20immobili%C3%A8re')).toBe('flotte');
    expect(offerKindOf('Biens divers')).toBe('biens');
    expect(offerKindOf('biens-immobiliers')).toBe('biens');
    expect(offerKindOf('Bien divers')).toBe('biens');
  });

  test('names no kind for an unknown type, so the screen says it is not supported', () => {
    expect(offerKindOf('SIC')).toBeNull();
    expect(offerKindOf('')).toBeNull();
    expect(offerKindOf('%E0%A4%A')).toBeNull();
    expect(UNSUPPORTED_OFFER_TYPE).toBe("Type d'offre non pris en charge.");
  });

  test('writes edit links with the API path segment, which reads back as the same kind', () => {
    for (const kind of ['parcelles', 'flotte', 'biens'] as const)
      expect(offerKindOf(editType(kind))).toBe(kind);
  });
});

describe('offer rows of the lists', () => {
  test('a parcel shows its title, whole F CFA price, status and fr-FR date, with view and edit links', () => {
    const row = parcelRow(parcel());
    expect(row).toMatchObject({
      title: 'Parcelle à Calavi',
      type: 'Parcelle',
      status: 'Disponible',
      date: '05/03/2024',
    });
    expect(row.price.replace(/\s/g, ' ')).toBe('12 500 000 F CFA');
    expect(row.viewHref).toBe('/parcelles?id=7&type=Parcelles');
    expect(row.editHref).toBe('/admin/offers/edit/parcels/7');
    expect(row.apiPath).toBe('/parcels/7');
  });

  test('a fleet property is titled by its type or "Bien flotte" and priced by its estimated value or "—"', () => {
    const row = fleetRow(fleet());
    expect(row).toMatchObject({ title: 'Villa', type: 'Flotte immobilière', status: 'Loué' });
    expect(row.price.replace(/\s/g, ' ')).toBe('48 500 000,50 F CFA');
    const bare = fleetRow(fleet({ propertyType: null, estimatedValue: null, occupationStatus: null }));
    expect(bare).toMatchObject({ title: 'Bien flotte', price: '—', status: null });
    expect(fleetRow(fleet({ propertyType: '   ' })).title).toBe('Bien flotte');
    expect(new URLSearchParams(viewHref('flotte', 3).split('?')[1]).get('type')).toBe('Flotte immobilière');
  });

  test('a good is titled by the first 30 characters of its description, or "Bien divers", and has no price or status', () => {
    const row = goodRow(good());
    expect(row.title.startsWith('Groupe électrogène 20 kVA très'.slice(0, 30))).toBe(true);
    expect(row.title.replace('…', '').length).toBeLessThanOrEqual(30);
    expect(row).toMatchObject({ type: 'Bien divers', price: '—', status: null });
    expect(goodRow(good({ description: '' })).title).toBe('Bien divers');
    expect(new URLSearchParams(row.viewHref.split('?')[1]).get('type')).toBe('Biens divers');
  });
});

describe('offer save failures (product rules, Messages and errors)', () => {
  test('flattens a 422 errors object into one sentence', () => {
    const error = new ApiError('Erreur de validation', 422, {
      title: ['Le titre doit contenir au moins 3 caractères'],
      location: ['La localisation est requise'],
    });
    expect(offerFailureMessage(error)).toBe(
      'Le titre doit contenir au moins 3 caractères. La localisation est requise.',
    );
  });

  test('says the image format is not supported when the server refuses the bytes', () => {
    const error = new ApiError('Erreur de validation', 422, {
      image: ['Le fichier doit être une image (JPEG, PNG, etc.)'],
    });
    expect(offerFailureMessage(error)).toBe(`${IMAGE_FORMAT_REFUSED}.`);
    expect(offerFailureMessage(new ApiError('x', 415))).toBe(IMAGE_FORMAT_REFUSED);
  });

  test('falls back to the message, then to "Erreur inconnue"', () => {
    expect(offerFailureMessage(new ApiError('Parcelle introuvable', 404))).toBe('Parcelle introuvable');
    expect(offerFailureMessage(new Error(''))).toBe(UNKNOWN_ERROR);
    expect(offerFailureMessage('bizarre')).toBe(UNKNOWN_ERROR);
  });
});

describe('offer form data (product rules, API)', () => {
  test('a creation carries type, the fields with a blank optional as "" and the image', () => {
    const image = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
    const body = offerFormData({
      kind: 'parcelles',
      fields: { title: 'Terrain', price: 1500000, surface: null },
      image,
    });
    expect(body.get('_method')).toBeNull();
    expect(body.get('type')).toBe('parcelles');
    expect(body.get('price')).toBe('1500000');
    expect(body.get('surface')).toBe('');
    expect((body.get('image') as File).name).toBe('a.png');
  });

  test('an update is marked _method=PUT and sends no image when none was chosen', () => {
    const body = offerFormData({ kind: 'biens', fields: { description: 'Un bien' }, image: null, id: '4' });
    expect(body.get('_method')).toBe('PUT');
    expect(body.get('description')).toBe('Un bien');
    expect(body.has('image')).toBe(false);
  });
});

describe('connection checks of the offer form', () => {
  test('a warning or an error status raises the banner, anything else does not', () => {
    expect(readStatus({ status: 'ok' }).ok).toBe(true);
    expect(readStatus({ status: 'warning', message: 'Lien manquant' })).toEqual({
      ok: false,
      problem: 'Lien manquant',
    });
    expect(readStatus({ status: 'ERROR' }).ok).toBe(false);
  });

  test('a failed call is a problem: timeout, network or the server message', () => {
    expect(readFailure(new DOMException('x', 'TimeoutError'), true).problem).toBe(
      'La requête a expiré (délai dépassé)',
    );
    expect(readFailure(new TypeError('Failed to fetch'), false).problem).toBe(
      'Erreur réseau (serveur inaccessible)',
    );
    expect(readFailure(new ApiError('Erreur HTTP: 503', 503), false).problem).toBe('Erreur HTTP: 503');
  });
});

describe('amounts put back in the form and status badges', () => {
  test('whole prices as digits, two-decimal amounts with a comma, null as empty', () => {
    expect(amountText(12_500_000, 0)).toBe('12500000');
    expect(amountText(48_500_000.5, 2)).toBe('48500000,50');
    expect(amountText(320, 2)).toBe('320');
    expect(amountText(9_999_999_999_999.99, 2)).toBe('9999999999999,99');
    expect(amountText(null, 2)).toBe('');
  });

  test('the admin badges Disponible, En cours, Réservé and Loué each get their own look', () => {
    const tones = ['Disponible', 'En cours', 'Réservé', 'Loué'].map(statusTone);
    expect(new Set(tones).size).toBe(4);
    expect(statusTone('reserve')).toBe(statusTone('Réservé'));
    expect(statusTone('Vendu')).toBe('badge-red');
  });
});
