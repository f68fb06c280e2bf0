import type { ProductContent } from './types';

/** Furniture and decoration made by the partner workshops of the company. */
export const furnitureProducts: ProductContent[] = [
  {
    name: 'Canapé 3 places en tissu vert sauge',
    category: 'Mobilier de salon',
    price: 450000,
    oldPrice: 520000,
    stock: 4,
    description: 'Canapé profond à structure en bois massif, assise en mousse haute densité.',
    longDescription:
      'Monté sur une structure en samba massif, ce canapé trois places offre une assise ferme et ' +
      'confortable grâce à sa mousse haute densité de 35 kg/m³. Le tissu vert sauge, déhoussable, se lave ' +
      'en machine. Coussin décoratif offert. Livraison et installation à domicile à Cotonou.',
    specifications: [
      { name: 'Dimensions', value: '220 x 90 x 85 cm' },
      { name: 'Structure', value: 'Samba massif' },
      { name: 'Assise', value: 'Mousse 35 kg/m³' },
      { name: 'Revêtement', value: 'Tissu déhoussable' },
    ],
    features: ['Housses lavables', 'Fabrication locale', 'Livraison et installation'],
    image: 'canape-vert',
    gallery: ['canape-vert-salon', 'deco-salon'],
  },
  {
    name: 'Fauteuil club moutarde',
    category: 'Mobilier de salon',
    price: 165000,
    stock: 7,
    description: 'Fauteuil enveloppant assorti à nos canapés, pieds en bois tourné.',
    longDescription:
      'Un fauteuil généreux pour lire ou recevoir. Ses accoudoirs rembourrés et son dossier haut ' +
      'maintiennent bien le dos ; la couleur moutarde réchauffe les salons aux murs clairs.',
    specifications: [
      { name: 'Dimensions', value: '85 x 80 x 90 cm' },
      { name: 'Pieds', value: 'Bois tourné teinté noyer' },
    ],
    features: ['Assorti au canapé vert sauge', 'Tissu anti-taches'],
    image: 'fauteuil-moutarde',
  },
  {
    name: 'Lit en bois de teck 160 x 200',
    category: 'Mobilier de chambre',
    price: 385000,
    stock: 3,
    description: 'Lit deux places en teck massif, tête de lit à lames verticales.',
    longDescription:
      'Le teck des plantations du Bénin donne à ce lit une teinte chaude et une grande résistance aux ' +
      'insectes. Sa tête de lit à lames verticales et son sommier à lattes renforcé accueillent un matelas ' +
      'de 160 x 200 cm. Livré en kit, monté chez vous par notre équipe.',
    specifications: [
      { name: 'Couchage', value: '160 x 200 cm' },
      { name: 'Essence', value: 'Teck massif' },
      { name: 'Sommier', value: 'Lattes renforcées' },
      { name: 'Finition', value: 'Huile naturelle' },
    ],
    features: ['Teck local certifié', 'Montage inclus', 'Matelas en option'],
    image: 'lit-teck',
    gallery: ['lit-teck-detail'],
  },
  {
    name: 'Table à manger en iroko – 6 places',
    category: 'Mobilier de salon',
    price: 420000,
    stock: 2,
    description: 'Grande table en iroko massif livrée avec quatre chaises assorties.',
    longDescription:
      'Plateau de 4 cm d’épaisseur en iroko massif, piètement assemblé à tenons et mortaises : cette table ' +
      'traverse les générations. Elle reçoit six convives et se complète de deux chaises supplémentaires ' +
      'sur commande. Finition vernis mat résistant à la chaleur des plats.',
    specifications: [
      { name: 'Dimensions', value: '180 x 90 x 76 cm' },
      { name: 'Essence', value: 'Iroko massif' },
      { name: 'Chaises', value: '4 incluses' },
    ],
    features: ['Assemblage traditionnel', 'Vernis résistant à la chaleur'],
    image: 'table-iroko',
    gallery: ['table-iroko-salle'],
  },
  {
    name: 'Armoire 3 portes en bois massif',
    category: 'Mobilier de chambre',
    price: 310000,
    stock: 0,
    description: 'Armoire penderie et étagères, trois portes moulurées, poignées laiton.',
    longDescription:
      'Une armoire spacieuse avec une penderie, quatre étagères réglables et un tiroir à bijoux. Les portes ' +
      'moulurées et les poignées en laiton lui donnent une allure classique. Fabrication sur commande en ' +
      'trois semaines.',
    specifications: [
      { name: 'Dimensions', value: '150 x 60 x 200 cm' },
      { name: 'Aménagement', value: 'Penderie, 4 étagères, 1 tiroir' },
    ],
    features: ['Fabrication sur commande', 'Étagères réglables'],
    image: 'armoire',
  },
  {
    name: 'Ensemble déco : table basse, vase et tableau',
    category: 'Décoration',
    price: 95000,
    stock: 11,
    description: 'Table basse en bois, vase en céramique bleue et tableau d’artiste béninois.',
    longDescription:
      'Un ensemble prêt à poser pour habiller un salon : une table basse en bois massif, un vase en ' +
      'céramique émaillée bleu profond et un tableau peint par un artiste de Cotonou. Chaque tableau est ' +
      'une pièce unique, le motif peut varier.',
    specifications: [
      { name: 'Table basse', value: '110 x 50 x 40 cm' },
      { name: 'Vase', value: 'Céramique émaillée, 35 cm' },
    ],
    features: ['Pièces uniques', 'Artisanat béninois'],
    image: 'deco-salon',
  },
];
