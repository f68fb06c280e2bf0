import type { TestimonialContent } from './types';

/**
 * Testimonials of clients in Cotonou and abroad, dated relative to the seed day: three
 * published, one still waiting for its author's agreement (the back office shows it, the
 * public pages do not).
 */
export const testimonials: TestimonialContent[] = [
  {
    clientName: 'Famille Agossou',
    town: 'Paris (diaspora)',
    projectType: 'Villa R+1 clé en main à Abomey-Calavi',
    text:
      'Nous vivons en France depuis quinze ans et construire à distance nous faisait peur. Chaque semaine, ' +
      'nous recevions les photos du chantier et un point clair sur les dépenses.\n\n' +
      'La maison a été livrée conforme aux plans validés ensemble, avec deux semaines d’avance.',
    dateInDays: -40,
    published: true,
    photo: 'temoignage-villa-calavi',
  },
  {
    clientName: 'Rachidatou B.',
    town: 'Cotonou',
    projectType: 'Rénovation et décoration d’un appartement',
    text:
      'L’équipe a transformé notre appartement de Fidjrossè en trois mois : cuisine, carrelage, peinture ' +
      'et rangements sur mesure. Le devis a été tenu et le chef de chantier répondait toujours sur WhatsApp.',
    dateInDays: -75,
    published: true,
  },
  {
    clientName: 'Jean-Marc Dossou',
    town: 'Montréal (diaspora)',
    projectType: 'Parcelle et maison de plain-pied à Ouidah',
    text:
      'J’ai acheté ma parcelle par leur intermédiaire, papiers vérifiés avant la signature, puis ils ont ' +
      'construit la maison de mes parents. Ma mère m’envoie des vidéos de la terrasse : c’est exactement ' +
      'ce que nous avions dessiné.',
    dateInDays: -120,
    published: true,
    photo: 'temoignage-maison-ouidah',
  },
  {
    clientName: 'Koffi A.',
    town: 'Porto-Novo',
    projectType: 'Clôture et portail coulissant',
    text: 'Travail propre et rapide, portail posé en une semaine. En attente de l’accord du client pour publication.',
    dateInDays: -10,
    published: false,
  },
];
