/**
 * Shapes the pages and the API agree on (spec section 3). Field names are the spec's.
 */
export interface ProjectImage {
  id: number;
  image: string;
  description: string;
}

export interface ProjectSummary {
  id: number;
  title: string;
  numéro: string;
  date: string;
  status: string;
  description: string;
  categories: string[];
  category: string;
  main_image: string | null;
}

export interface Promotion {
  id: number;
  title: string;
  description: string;
  discount: string;
  startDate: string;
  endDate: string;
  image: string | null;
}
