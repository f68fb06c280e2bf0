import type { ProjectContent } from './types';

/**
 * The product rules' three sample projects (home page: ids 1 to 3, categories Résidentiel,
 * Clôture, Commercial). They are inserted first and in this order so they get those ids,
 * and carry the most recent dates so "the three most recent projects" are these three.
 */
export const sampleProjects: ProjectContent[] = [
  {
    title: 'Villa R+1 à Fidjrossè',
    numero: 'PRJ-2023-001',
    date: '2024-11-15',
    status: 'Complété',
    categories: ['Résidentiel'],
    description:
      'Construction d’une villa R+1 de quatre chambres avec terrasse, pour une famille installée à Paris.',
    longDescription:
      'Nos clients, installés en France, souhaitaient faire construire la maison familiale à Fidjrossè sans ' +
      'faire l’aller-retour à chaque étape. Nous avons conçu les plans 3D, obtenu le permis de construire, ' +
      'puis mené le chantier en quatorze mois : fondations, élévation, dalle, toiture, puis finitions. ' +
      'Chaque semaine, un compte rendu photo et un point budget étaient envoyés par WhatsApp. La villa ' +
      'compte un salon double, une cuisine ouverte, quatre chambres avec salle d’eau et une terrasse ' +
      'couverte donnant sur le jardin.',
    challenges:
      'Sol sablonneux à 400 m de la mer : fondations sur semelles filantes élargies et traitement ' +
      'anti-remontées salines. Suivi intégral à distance pour des propriétaires vivant à l’étranger.',
    materials:
      'Ciment CPJ 45, fer HA 10 et HA 12, parpaings de 15 et de 20, tôles bac aluminium, carrelage grès ' +
      'cérame 60 x 60, menuiseries en iroko, peinture à eau lessivable.',
    mainImage: 'villa-fidjrosse',
    renders: [
      { image: 'villa-rendu-3d', description: 'Rendu 3D de la façade principale au coucher du soleil' },
      { image: 'villa-rendu-facade', description: 'Vue en perspective côté rue, avec balcon de l’étage' },
      { image: 'villa-plan', description: 'Plan du rez-de-chaussée : séjour, cuisine et chambre d’amis' },
    ],
    images: [
      { image: 'villa-fondations', description: 'Fin du rez-de-chaussée, coffrage des poteaux de l’étage' },
      { image: 'villa-elevation', description: 'Élévation de l’étage et échafaudage de façade' },
      { image: 'villa-fidjrosse', description: 'La villa livrée, clôture et jardin terminés' },
    ],
  },
  {
    title: 'Clôture et portail à Akpakpa',
    numero: 'PRJ-2023-002',
    date: '2024-09-02',
    status: 'Complété',
    categories: ['Clôture'],
    description:
      'Clôture de 85 mètres linéaires avec piliers et portail métallique coulissant à deux vantaux.',
    longDescription:
      'Sur une parcelle de 600 m² à Akpakpa, nous avons réalisé une clôture en parpaings de 15 sur ' +
      'semelle en béton armé, rythmée de piliers tous les trois mètres et couronnée d’un chaperon. Le ' +
      'portail en acier, fabriqué dans notre atelier, a été traité antirouille et laqué noir. Travaux ' +
      'réalisés en six semaines, enduit et peinture compris.',
    challenges:
      'Terrain en pente légère avec écoulement des eaux de pluie vers la rue : pose de barbacanes et ' +
      'd’un caniveau le long du portail.',
    materials:
      'Parpaings de 15, ciment CPJ 35 et CPJ 45, fer HA 8 et HA 10, tubes et tôles d’acier pour le ' +
      'portail, peinture antirouille et laque glycéro.',
    mainImage: 'cloture-akpakpa',
    renders: [
      { image: 'cloture-rendu-portail', description: 'Proposition de portail bleu nuit présentée au client' },
      { image: 'cloture-plan', description: 'Plan d’implantation de la clôture et des piliers' },
      { image: 'cloture-rendu-soir', description: 'Rendu de la clôture éclairée en soirée' },
    ],
    images: [
      { image: 'cloture-pose-portail', description: 'Pose des vantaux du portail' },
      { image: 'cloture-finie', description: 'Clôture enduite et peinte, portail en place' },
    ],
  },
  {
    title: 'Immeuble commercial à Ganhi',
    numero: 'PRJ-2023-003',
    date: '2025-02-20',
    status: 'En cours',
    categories: ['Commercial'],
    description:
      'Immeuble R+4 de bureaux avec boutiques au rez-de-chaussée, au cœur du quartier des affaires.',
    longDescription:
      'Ce bâtiment de cinq niveaux accueillera quatre boutiques en rez-de-chaussée et des plateaux de ' +
      'bureaux modulables dans les étages. La façade vitrée protégée par des brise-soleil limite la ' +
      'chaleur et la consommation de climatisation. Le gros œuvre est achevé ; les travaux de second ' +
      'œuvre et les façades sont en cours.',
    challenges:
      'Chantier en centre-ville dense : livraisons de nuit, emprise réduite sur la voie publique et ' +
      'coordination avec les commerces voisins restés ouverts.',
    materials:
      'Béton armé dosé à 350 kg de CPJ 45, fer HA 12 à HA 16, menuiseries aluminium à vitrage teinté, ' +
      'carrelage grès cérame, faux plafonds.',
    mainImage: 'immeuble-ganhi',
    renders: [
      { image: 'immeuble-rendu-nuit', description: 'Rendu 3D de nuit, bureaux éclairés' },
      { image: 'immeuble-rendu-jour', description: 'Rendu de la façade vitrée côté avenue' },
      { image: 'immeuble-plan', description: 'Plan d’un plateau de bureaux type' },
    ],
    images: [
      { image: 'immeuble-gros-oeuvre', description: 'Gros œuvre : coulage de la dalle du troisième niveau' },
      { image: 'immeuble-chantier', description: 'Structure achevée, grue à tour en place' },
      { image: 'immeuble-livre', description: 'Pose des façades vitrées' },
    ],
  },
];
