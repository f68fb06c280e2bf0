import type { ProductContent } from './types';

/** Building materials, priced as sold at the Dégakon depot (whole F CFA). */
export const materialProducts: ProductContent[] = [
  {
    name: 'Ciment CPJ 35 – sac de 50 kg',
    category: 'Gros œuvre',
    price: 5500,
    oldPrice: 6000,
    stock: 1200,
    description: 'Ciment Portland composé pour maçonnerie, enduits et dallages courants.',
    longDescription:
      'Le ciment CPJ 35 est le ciment de référence des chantiers de maisons individuelles au Bénin. ' +
      'Il convient aux mortiers de pose de parpaings, aux enduits intérieurs et extérieurs ainsi qu’aux ' +
      'dallages et chapes. Livré en sacs de 50 kg sur palette filmée, il se conserve trois mois à l’abri ' +
      'de l’humidité. Livraison possible sur tout le Grand Nokoué à partir de 50 sacs.',
    specifications: [
      { name: 'Classe de résistance', value: '32,5 MPa' },
      { name: 'Conditionnement', value: 'Sac de 50 kg' },
      { name: 'Palette', value: '40 sacs (2 tonnes)' },
      { name: 'Conservation', value: '3 mois au sec' },
    ],
    features: ['Prise régulière', 'Idéal pour la maçonnerie et les enduits', 'Livraison sur chantier'],
    image: 'sacs-ciment-gris',
    gallery: ['sacs-ciment-entrepot'],
  },
  {
    name: 'Ciment CPJ 45 – sac de 50 kg',
    category: 'Gros œuvre',
    price: 6500,
    stock: 640,
    description: 'Ciment haute résistance pour poteaux, poutres, dalles et ouvrages en béton armé.',
    longDescription:
      'Plus résistant que le CPJ 35, le CPJ 45 est recommandé pour le béton armé : semelles, poteaux, ' +
      'chaînages, poutres et dalles. Dosé à 350 kg par mètre cube, il permet d’atteindre les résistances ' +
      'exigées pour les immeubles R+1 à R+4. Nos conducteurs de travaux l’utilisent sur tous nos chantiers.',
    specifications: [
      { name: 'Classe de résistance', value: '42,5 MPa' },
      { name: 'Conditionnement', value: 'Sac de 50 kg' },
      { name: 'Dosage béton armé', value: '350 kg/m³' },
    ],
    features: ['Béton armé et ouvrages porteurs', 'Durcissement rapide', 'Qualité constante'],
    image: 'sacs-ciment-rouge',
  },
  {
    name: 'Fer à béton HA 10 – barre de 12 m',
    category: 'Gros œuvre',
    price: 5200,
    stock: 850,
    description: 'Acier haute adhérence de 10 mm pour chaînages, poteaux et dalles.',
    longDescription:
      'Barre d’acier crénelée haute adhérence de diamètre 10 mm et de 12 mètres de long. Elle forme ' +
      'l’ossature des poteaux, des poutres et des chaînages. Nous la coupons et la façonnons à la demande ' +
      '(cadres, étriers) dans notre atelier de Dégakon. Vendue à la barre ou à la tonne.',
    specifications: [
      { name: 'Diamètre', value: '10 mm' },
      { name: 'Longueur', value: '12 m' },
      { name: 'Nuance', value: 'FeE 500' },
      { name: 'Poids', value: '7,4 kg par barre' },
    ],
    features: ['Haute adhérence', 'Découpe et façonnage sur demande', 'Prix dégressif à la tonne'],
    image: 'fer-a-beton',
    gallery: ['fer-a-beton-chantier'],
  },
  {
    name: 'Parpaing creux de 15',
    category: 'Gros œuvre',
    price: 400,
    stock: 15000,
    description: 'Bloc de béton vibré 15 x 20 x 40 cm pour murs porteurs et clôtures.',
    longDescription:
      'Nos parpaings de 15 sont vibrés et séchés 21 jours avant la vente, pour une résistance homogène. ' +
      'Ils servent aux murs de façade, aux refends et aux clôtures. Comptez 12,5 parpaings par mètre carré ' +
      'de mur. Chargement au camion de 1 000 pièces avec déchargement sur votre parcelle.',
    specifications: [
      { name: 'Dimensions', value: '15 x 20 x 40 cm' },
      { name: 'Consommation', value: '12,5 pièces/m²' },
      { name: 'Séchage', value: '21 jours' },
    ],
    features: ['Béton vibré', 'Résistance contrôlée', 'Livraison par camion de 1 000'],
    image: 'parpaings',
  },
  {
    name: 'Tôle bac aluminium 6/10e – rouge brique',
    category: 'Gros œuvre',
    price: 5500,
    oldPrice: 6200,
    stock: 320,
    description: 'Tôle nervurée en aluminium laqué, vendue au mètre linéaire.',
    longDescription:
      'La tôle bac aluminium résiste à l’air salin du littoral, de Cotonou à Ouidah, sans rouiller. ' +
      'Sa laque rouge brique garde sa couleur au soleil et ses nervures trapézoïdales évacuent les fortes ' +
      'pluies de juin. Coupe à la longueur de vos pannes, faîtières et accessoires de fixation disponibles.',
    specifications: [
      { name: 'Épaisseur', value: '6/10e de mm' },
      { name: 'Largeur utile', value: '1,00 m' },
      { name: 'Vente', value: 'Au mètre linéaire' },
      { name: 'Coloris', value: 'Rouge brique, gris ardoise' },
    ],
    features: ['Ne rouille pas', 'Coupe sur mesure', 'Faîtières assorties'],
    image: 'toles-bac-rouge',
    gallery: ['toles-bac-gris'],
  },
  {
    name: 'Carrelage grès cérame 60 x 60 – beige sable',
    category: 'Second œuvre',
    price: 9500,
    oldPrice: 11000,
    stock: 560,
    description: 'Carreau rectifié aspect pierre, pour sols de séjour et terrasses couvertes (prix au m²).',
    longDescription:
      'Grès cérame pleine masse au format 60 x 60 cm, rectifié pour des joints fins de 2 mm. Sa teinte ' +
      'beige sable éclaire les pièces et cache la poussière rouge de la saison sèche. Antidérapant R10, ' +
      'il convient aussi aux terrasses couvertes. Vendu au mètre carré, par cartons de 1,44 m².',
    specifications: [
      { name: 'Format', value: '60 x 60 cm' },
      { name: 'Épaisseur', value: '9 mm' },
      { name: 'Carton', value: '4 carreaux (1,44 m²)' },
      { name: 'Glissance', value: 'R10' },
    ],
    features: ['Rectifié, joints fins', 'Antidérapant', 'Facile d’entretien'],
    image: 'carrelage-beige',
    gallery: ['carrelage-gris'],
  },
  {
    name: 'Peinture à eau mate – seau de 20 L',
    category: 'Second œuvre',
    price: 32000,
    stock: 140,
    description: 'Peinture acrylique lessivable pour murs et plafonds intérieurs.',
    longDescription:
      'Peinture à eau mate, sans odeur, qui laisse respirer les murs enduits au ciment. Un seau de 20 litres ' +
      'couvre environ 120 m² en deux couches. Teintes à la demande dans notre magasin : blanc cassé, crème, ' +
      'ocre, vert d’eau. Séchage au toucher en une heure.',
    specifications: [
      { name: 'Contenance', value: '20 L' },
      { name: 'Rendement', value: '6 à 8 m²/L par couche' },
      { name: 'Aspect', value: 'Mat' },
      { name: 'Séchage', value: '1 h au toucher, 4 h avant recouvrement' },
    ],
    features: ['Lessivable', 'Sans odeur', 'Teintes à la demande'],
    image: 'peinture-creme',
    gallery: ['peinture-ocre'],
  },
  {
    name: 'Pack WC à poser et lavabo sur colonne',
    category: 'Plomberie et sanitaire',
    price: 85000,
    oldPrice: 95000,
    stock: 24,
    description: 'Ensemble en porcelaine vitrifiée blanche, mécanisme de chasse double débit inclus.',
    longDescription:
      'Le pack comprend une cuvette à poser avec réservoir attenant, un abattant, un lavabo de 55 cm et sa ' +
      'colonne. Le mécanisme double débit 3/6 litres réduit la consommation d’eau. Pose possible par nos ' +
      'plombiers dans tout Cotonou et Abomey-Calavi.',
    specifications: [
      { name: 'Matière', value: 'Porcelaine vitrifiée' },
      { name: 'Sortie WC', value: 'Horizontale' },
      { name: 'Lavabo', value: '55 x 45 cm' },
    ],
    features: ['Double débit 3/6 L', 'Abattant inclus', 'Pose sur demande'],
    image: 'sanitaires',
  },
  {
    name: 'Tube PVC pression Ø 32 – barre de 6 m',
    category: 'Plomberie et sanitaire',
    price: 3500,
    stock: 410,
    description: 'Tube PVC rigide pour l’adduction d’eau, à coller.',
    longDescription:
      'Tube PVC pression pour les réseaux d’eau froide, du compteur SONEB jusqu’aux points d’eau. ' +
      'Raccords, coudes et colle disponibles au même rayon. Nous conseillons le diamètre 32 pour les ' +
      'colonnes principales et le 25 pour les dérivations.',
    specifications: [
      { name: 'Diamètre', value: '32 mm' },
      { name: 'Longueur', value: '6 m' },
      { name: 'Pression nominale', value: '10 bars' },
    ],
    features: ['Léger et facile à poser', 'Raccords disponibles'],
    image: 'tubes-pvc',
  },
  {
    name: 'Câble électrique rigide 2,5 mm² – rouleau de 100 m',
    category: 'Électricité',
    price: 45000,
    stock: 0,
    description: 'Conducteur cuivre isolé pour circuits de prises de courant.',
    longDescription:
      'Câble rigide à âme en cuivre de 2,5 mm², isolation PVC, pour les circuits de prises et les ' +
      'climatiseurs. Disponible en rouge, bleu et vert-jaune pour respecter le repérage des conducteurs. ' +
      'Nouvel arrivage attendu : réservez par WhatsApp.',
    specifications: [
      { name: 'Section', value: '2,5 mm²' },
      { name: 'Longueur', value: '100 m' },
      { name: 'Âme', value: 'Cuivre rigide' },
    ],
    features: ['Cuivre pur', 'Trois couleurs de repérage'],
    image: 'cable-electrique',
  },
  {
    name: 'Porte pleine en iroko massif 90 x 210',
    category: 'Menuiserie et quincaillerie',
    price: 145000,
    stock: 9,
    description: 'Porte d’entrée à quatre panneaux moulurés, fabriquée dans notre menuiserie.',
    longDescription:
      'Fabriquée en iroko massif séché, cette porte à quatre panneaux résiste à l’humidité et aux termites. ' +
      'Elle est livrée poncée, prête à vernir, avec son cadre et ses paumelles. Autres dimensions sur ' +
      'mesure sous 10 jours ouvrés.',
    specifications: [
      { name: 'Essence', value: 'Iroko massif' },
      { name: 'Dimensions', value: '90 x 210 cm' },
      { name: 'Épaisseur', value: '45 mm' },
    ],
    features: ['Résiste aux termites', 'Cadre fourni', 'Sur mesure possible'],
    image: 'porte-bois',
  },
  {
    name: 'Brouette de chantier renforcée 90 L',
    category: 'Menuiserie et quincaillerie',
    price: 38000,
    stock: 35,
    description: 'Caisse en acier galvanisé, roue gonflable, châssis tubulaire renforcé.',
    longDescription:
      'Brouette robuste pour le transport de sable, de gravier et de béton frais. Sa caisse de 90 litres ' +
      'en acier galvanisé et sa roue gonflable passent partout, même sur les pistes en latérite.',
    specifications: [
      { name: 'Capacité', value: '90 L' },
      { name: 'Charge maximale', value: '200 kg' },
      { name: 'Roue', value: 'Gonflable 400 x 8' },
    ],
    features: ['Acier galvanisé', 'Roue gonflable'],
    image: 'brouette',
  },
];
