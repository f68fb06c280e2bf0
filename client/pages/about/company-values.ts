/**
 * The seven values of product rules, Pages and routes, in the order that spells EDIFIER ("to build"): the
 * page shows each initial, so the acrostic reads down the list.
 */
export const COMPANY_VALUES = [
  {
    name: 'Empathie',
    text: 'Nous écoutons vos besoins, vos contraintes et votre budget pour bâtir le projet qui vous ressemble.',
  },
  { name: 'Diligence', text: 'Nous tenons nos délais et répondons rapidement à chacune de vos demandes.' },
  {
    name: 'Intégrité',
    text: 'Des devis clairs et une transparence totale sur les coûts et l’avancement du chantier.',
  },
  {
    name: 'Fidélité',
    text: 'Nous restons à vos côtés après la remise des clés, pour l’entretien comme pour vos projets suivants.',
  },
  { name: 'Innovation', text: 'Plans 3D, matériaux et techniques modernes au service de votre confort.' },
  { name: 'Excellence', text: 'Une exigence de qualité à chaque étape, du gros œuvre aux finitions.' },
  {
    name: 'Responsabilité',
    text: 'Nous répondons de nos ouvrages, dans le respect des normes et de l’environnement.',
  },
] as const;

/** The word the initials spell, computed so the list and the heading cannot disagree. */
export const VALUES_WORD = COMPANY_VALUES.map((value) => initial(value.name)).join('');

/** First letter without its accent: 'Intégrité' → 'I', 'Éthique' → 'E'. */
export function initial(word: string): string {
  return word.normalize('NFD').charAt(0).toUpperCase();
}

/**
 * Product rules, Limits and constants's figures. Years come from the founding year (product rules: home and about
 * show the same number); the others are the company's stated figures.
 */
export function companyStatistics(years: number) {
  return [
    { value: `${years}+`, label: 'ans d’expérience' },
    { value: '300+', label: 'projets réalisés' },
    { value: '95%', label: 'clients satisfaits' },
    { value: '20+', label: 'professionnels' },
  ];
}
