import type { SubmissionContent } from './types';

/**
 * Project requests in every status, several from the diaspora. E-mail addresses use the
 * reserved example domains so no real inbox is ever written to.
 */
export const submissions: SubmissionContent[] = [
  {
    firstName: 'Serge',
    lastName: 'Agossou',
    email: 'serge.agossou@example.fr',
    phone: '+33 6 12 34 56 78',
    projectTitle: 'Maison familiale R+1 à Abomey-Calavi',
    projectType: 'Construction résidentielle',
    location: 'Abomey-Calavi, Togoudo',
    budget: '25M - 50M FCFA',
    description:
      'Je vis à Paris et je possède une parcelle de 500 m² à Togoudo. Je souhaite construire une maison ' +
      'R+1 de quatre chambres avec un suivi de chantier à distance et des photos régulières.',
    startInDays: 60,
    status: 'new',
    receivedDaysAgo: 1,
    attachments: [
      {
        originalName: 'Plan façade.pdf',
        kind: 'pdf',
        title: 'Maison Agossou – plan de façade',
        lines: [
          'Façade principale : 12,40 m',
          'Hauteur à l’acrotère : 7,20 m',
          'Quatre chambres, deux salons',
        ],
      },
      { originalName: 'Croquis rez-de-chaussée.jpg', kind: 'plan', seed: 1 },
    ],
  },
  {
    firstName: 'Nadège',
    lastName: 'Houénou',
    email: 'nadege.houenou@example.ca',
    phone: '+1 514 555 0182',
    company: 'Houénou Conseil inc.',
    projectTitle: 'Immeuble locatif de six appartements',
    projectType: 'Construction commerciale',
    location: 'Cotonou, Fidjrossè',
    budget: '50M - 100M FCFA',
    description:
      'Depuis Montréal, je prépare un investissement locatif : un immeuble R+2 de six appartements F3 ' +
      'sur une parcelle de 400 m². J’aimerais un devis détaillé et un calendrier.',
    status: 'contacted',
    contactMethod: 'whatsapp',
    adminNotes: 'Appel WhatsApp le mardi à 14 h (heure de Cotonou). Attend le devis estimatif.',
    receivedDaysAgo: 6,
    attachments: [
      {
        originalName: 'Étude de rentabilité.pdf',
        kind: 'pdf',
        title: 'Projet locatif Fidjrossè',
        lines: [
          'Six appartements F3 de 85 m²',
          'Loyer visé : 250 000 F CFA par mois',
          'Parking en rez-de-chaussée',
        ],
      },
    ],
  },
  {
    firstName: 'Koffi',
    lastName: 'Mensah',
    email: 'koffi.mensah@example.be',
    phone: '+32 470 12 34 56',
    projectTitle: 'Rénovation de la maison de mes parents',
    projectType: 'Rénovation',
    location: 'Porto-Novo, Ouando',
    budget: '10M - 25M FCFA',
    description:
      'La maison familiale à Porto-Novo a besoin d’une nouvelle toiture, d’une réfection de l’électricité ' +
      'et de deux salles de bains. Je suis à Bruxelles et je souhaite un interlocuteur unique.',
    startInDays: 30,
    status: 'quoted',
    contactMethod: 'email',
    adminNotes: 'Devis n° D-2025-031 envoyé par e-mail : 18 400 000 F CFA, validité 30 jours.',
    receivedDaysAgo: 15,
    attachments: [
      { originalName: 'Photos toiture et plan.jpg', kind: 'plan', seed: 2 },
      {
        originalName: 'Liste des travaux – réfection.pdf',
        kind: 'pdf',
        title: 'Travaux de rénovation',
        lines: ['Charpente et tôles à remplacer', 'Tableau électrique aux normes', 'Deux salles de bains'],
      },
    ],
  },
  {
    firstName: 'Adjoa',
    lastName: 'Kpadonou',
    email: 'adjoa.kpadonou@example.com',
    phone: '+229 01 96 45 12 30',
    company: 'Clinique Espérance',
    projectTitle: 'Extension d’une clinique',
    projectType: 'Construction commerciale',
    location: 'Cotonou, Gbégamey',
    budget: 'Plus de 100M FCFA',
    description:
      'Nous souhaitons ajouter un bâtiment de consultations de deux niveaux à notre clinique, sans ' +
      'interrompre l’activité pendant les travaux.',
    status: 'approved',
    contactMethod: 'phone',
    adminNotes: 'Contrat signé. Démarrage du terrassement prévu dans trois semaines.',
    receivedDaysAgo: 34,
    attachments: [
      {
        originalName: 'Programme des besoins.pdf',
        kind: 'pdf',
        title: 'Extension Clinique Espérance',
        lines: ['Huit cabinets de consultation', 'Salle d’attente de 40 places', 'Ascenseur'],
      },
      { originalName: 'Plan de masse.jpg', kind: 'plan', seed: 3 },
    ],
  },
  {
    firstName: 'Rachidi',
    lastName: 'Bello',
    email: 'rachidi.bello@example.com',
    phone: '+229 01 67 23 89 04',
    projectTitle: 'Clôture de parcelle à Ouidah',
    projectType: 'Autre',
    location: 'Ouidah',
    budget: 'Moins de 5M FCFA',
    description: 'Clôture de 60 m avec un portail simple pour une parcelle en bord de route.',
    status: 'rejected',
    contactMethod: 'phone',
    adminNotes: 'Budget insuffisant pour le linéaire demandé ; le client reviendra vers nous plus tard.',
    receivedDaysAgo: 48,
    attachments: [],
  },
  {
    firstName: 'Mireille',
    lastName: 'Zinsou',
    email: 'mireille.zinsou@example.fr',
    phone: '+33 7 81 22 40 19',
    projectTitle: 'Jardin et piscine d’une villa',
    projectType: 'Aménagement paysager',
    location: 'Cotonou, Cocotiers',
    budget: '5M - 10M FCFA',
    description:
      'Installée à Lyon, je souhaite aménager le jardin de ma villa : pelouse, allées, éclairage et petit ' +
      'bassin. Pouvez-vous proposer une esquisse ?',
    startInDays: 90,
    status: 'new',
    receivedDaysAgo: 0,
    attachments: [{ originalName: 'Esquisse jardin – côté mer.jpg', kind: 'plan', seed: 4 }],
  },
];
