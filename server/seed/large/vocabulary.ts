import type { ProjectCategory } from '#shared/constants';
import type { OccupationStatus } from '#server/seed/content/types';

/**
 * Word lists for the large data set: places, people and project kinds of southern Benin.
 * The business vocabularies (statuses, project types, budgets) are the application's own,
 * imported from shared/constants.ts and shared/submission-rules.ts, never copied here.
 */

export const PLACES = [
  'Akpakpa',
  'Cadjèhoun',
  'Gbégamey',
  'Agla',
  'Fidjrossè',
  'Haie Vive',
  'Godomey',
  'Abomey-Calavi',
  'Ouidah',
  'Porto-Novo',
  'Sèmè-Podji',
  'Allada',
  'Bohicon',
  'Parakou',
  'Lokossa',
  'Comè',
  'Grand-Popo',
  'Togbin',
  'Cocotomey',
  'Pahou',
] as const;

export const FIRST_NAMES = [
  'Koffi',
  'Afiavi',
  'Sèna',
  'Rodrigue',
  'Aïcha',
  'Gildas',
  'Mireille',
  'Fabrice',
  'Nadège',
  'Romuald',
  'Estelle',
  'Babatundé',
  'Carine',
  'Élodie',
  'Ulrich',
  'Fidèle',
  'Josiane',
  'Hervé',
  'Chimène',
  'Adébayo',
] as const;

export const LAST_NAMES = [
  'Dossou',
  'Houngbédji',
  'Adjovi',
  'Agossou',
  'Zinsou',
  'Kpadonou',
  'Hounkpatin',
  'Gbaguidi',
  'Tossou',
  'Ahouandjinou',
  'Dansou',
  'Assogba',
  'Akakpo',
  'Bossou',
  'Quenum',
  'Sossou',
  'Fagbohoun',
  'Salami',
  'Bello',
  'Mensah',
] as const;

/** For e-mail local parts: 'Élodie Houngbédji' -> 'elodie.houngbedji'. */
export function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
}

/** Where diaspora requests come from, with a phone number pattern for each. */
export const ABROAD = [
  { city: 'Paris', phone: (n: number) => `+33 6 ${pair(n)} ${pair(n + 7)} ${pair(n + 3)} ${pair(n + 11)}` },
  { city: 'Montréal', phone: (n: number) => `+1 514 555 ${String(1000 + (n % 9000)).padStart(4, '0')}` },
  { city: 'Bruxelles', phone: (n: number) => `+32 470 ${pair(n)} ${pair(n + 5)} ${pair(n + 9)}` },
  { city: 'Lyon', phone: (n: number) => `+33 7 ${pair(n + 2)} ${pair(n + 4)} ${pair(n + 6)} ${pair(n + 8)}` },
] as const;

function pair(n: number): string {
  return String((n * 37) % 100).padStart(2, '0');
}

export function beninPhone(n: number): string {
  return `+229 01 ${90 + (n % 10)} ${pair(n)} ${pair(n + 13)} ${pair(n + 29)}`;
}

/**
 * A Beninese number as visitors type it: with or without the country code and spaces, in
 * the ten-digit form or the older eight-digit one ('+229 97 12 34 56', '97123456'), so a
 * search by phone meets every shape.
 */
export function typedBeninPhone(n: number): string {
  const digits = `${90 + (n % 10)}${pair(n)}${pair(n + 13)}${pair(n + 29)}`;
  const spaced = digits.replace(/(\d\d)(?=\d)/g, '$1 ');
  switch (n % 5) {
    case 0:
      return beninPhone(n);
    case 1:
      return `01${digits}`;
    case 2:
      return `+229 ${spaced}`;
    case 3:
      return digits;
    default:
      return `+22901${digits}`;
  }
}

export const PROJECT_KINDS: Record<ProjectCategory, readonly string[]> = {
  Résidentiel: ['Villa R+1', 'Maison plain-pied', 'Duplex familial', 'Résidence de quatre appartements'],
  Commercial: [
    'Immeuble de bureaux',
    'Galerie marchande',
    'Hôtel de vingt chambres',
    'Boutiques en rez-de-chaussée',
  ],
  Institutionnel: ['École primaire', 'Centre de santé', 'Salle polyvalente'],
  Industriel: ['Entrepôt', 'Atelier de transformation', 'Hangar agricole'],
  Paysager: ['Jardin tropical', 'Aménagement de cour', 'Espace vert de lotissement'],
  Clôture: ['Clôture et portail', 'Mur de clôture avec guérite'],
};

/** Occupation of a fleet property: the seed's words (no form offers a fixed list). */
export const OCCUPATION_STATUSES: readonly OccupationStatus[] = ['Occupé', 'Libre', 'En location', 'Loué'];

export const MATERIAL_QUALIFIERS = [
  'qualité pro',
  'lot de chantier',
  'gamme éco',
  'gamme premium',
  'série Dégakon',
  'stock Calavi',
  'stock Porto-Novo',
  'conditionnement export',
] as const;

export const FURNITURE_QUALIFIERS = [
  'finition naturelle',
  'finition noyer',
  'coloris sable',
  'coloris anthracite',
  'modèle Ganhi',
  'modèle Ouidah',
  'collection Abomey',
  'collection Lagune',
] as const;

export const FLEET_TYPES = [
  'Villa',
  'Appartement F3',
  'Appartement F4',
  'Immeuble R+2',
  'Entrepôt',
  'Boutique',
  'Duplex',
  'Bureau',
] as const;

export const MISC_GOODS = [
  'Groupe électrogène 10 kVA',
  'Bétonnière 250 L électrique',
  'Pick-up simple cabine',
  'Lot de 40 chaises en plastique',
  'Échafaudage de façade, 120 m²',
  'Motopompe pour chantier, peu servie',
  'Lot de coffrages métalliques pour poteaux',
  'Camion benne 10 roues, moteur révisé, pneus neufs, disponible immédiatement pour vos chantiers',
] as const;
