import type { CategoryContent } from './types';

/** Catalogue categories: building materials first, then furniture and decoration. */
export const categories: CategoryContent[] = [
  {
    name: 'Gros œuvre',
    description:
      'Ciment, fer à béton, parpaings et tôles : tout pour les fondations, l’élévation et la toiture.',
  },
  {
    name: 'Second œuvre',
    description: 'Carrelage, peinture et revêtements pour les finitions intérieures et extérieures.',
  },
  {
    name: 'Menuiserie et quincaillerie',
    description: 'Portes en bois massif, outillage et matériel de chantier robustes.',
  },
  {
    name: 'Plomberie et sanitaire',
    description: 'Tubes, raccords et équipements sanitaires pour salles de bains et cuisines.',
  },
  {
    name: 'Électricité',
    description: 'Câbles, appareillage et fournitures aux normes pour vos installations électriques.',
  },
  {
    name: 'Mobilier de salon',
    description: 'Canapés, fauteuils et tables fabriqués en bois massif par des artisans béninois.',
  },
  {
    name: 'Mobilier de chambre',
    description: 'Lits, armoires et rangements en teck et en iroko, faits pour durer.',
  },
  {
    name: 'Décoration',
    description: 'Objets, tableaux et petits meubles pour donner du caractère à votre intérieur.',
  },
];
