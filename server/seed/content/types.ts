import type { ParcelStatus, ProjectCategory, ProjectStatus } from '#shared/constants';
import type { Budget, ProjectType } from '#shared/submission-rules';
import type { ContactMethod, SubmissionStatus } from '#shared/types';
import type { DrawingName } from '#server/seed/drawings/registry';

/**
 * Shapes of the demo content. They follow docs/data-model.md column by column, except that
 * pictures are drawing names (rendered and stored at seed time) and dates are given
 * relative to the seed day where they must stay current (promotions, submissions).
 */

// The business vocabularies are the application's (shared/), so the seed cannot drift from
// them; only the fleet's occupation words are the seed's own.
export type OccupationStatus = 'Occupé' | 'Libre' | 'En location' | 'Loué';

export interface CategoryContent {
  name: string;
  description: string;
}

export interface ProductContent {
  name: string;
  /** A CategoryContent name. */
  category: string;
  /** Whole F CFA. */
  price: number;
  oldPrice?: number;
  stock: number;
  description: string;
  longDescription: string;
  specifications: { name: string; value: string }[];
  features: string[];
  image: DrawingName;
  /** Extra views, shown after the main image. */
  gallery?: DrawingName[];
}

export interface ParcelContent {
  title: string;
  description: string;
  location: string;
  /** m², null when not yet surveyed. */
  surface: number | null;
  price: number;
  status: ParcelStatus;
  image: DrawingName;
}

export interface FleetContent {
  propertyType: string;
  address: string;
  surface: number;
  owner: string;
  occupationStatus: OccupationStatus;
  /** F CFA, two decimals allowed (the only amount that keeps them). */
  estimatedValue: number;
  image: DrawingName;
}

export interface MiscellaneousContent {
  description: string;
  image: DrawingName;
}

export interface PromotionContent {
  title: string;
  description: string;
  discount: string;
  /** The code visitors quote; some promotions have none. */
  code?: string;
  /** Days from the seed day (negative: in the past). */
  startInDays: number;
  endInDays: number;
  image: DrawingName;
}

export interface TestimonialContent {
  clientName: string;
  town: string;
  projectType: string;
  text: string;
  /** Days from the seed day when the client gave it (negative: in the past). */
  dateInDays: number;
  published: boolean;
  photo?: DrawingName;
}

export interface ProjectImageContent {
  image: DrawingName;
  description: string;
}

export interface ProjectContent {
  title: string;
  numero: string;
  /** YYYY-MM-DD. */
  date: string;
  status: ProjectStatus;
  categories: ProjectCategory[];
  description: string;
  longDescription: string;
  challenges: string;
  materials: string;
  mainImage: DrawingName;
  renders: ProjectImageContent[];
  images: ProjectImageContent[];
}

export type AttachmentContent =
  | { originalName: string; kind: 'pdf'; title: string; lines: string[] }
  | { originalName: string; kind: 'plan'; seed: number };

export interface SubmissionContent {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company?: string;
  projectTitle: string;
  projectType: ProjectType;
  location: string;
  budget: Budget;
  description: string;
  /** Days from the seed day, when the visitor gave a wished start date. */
  startInDays?: number;
  status: SubmissionStatus;
  adminNotes?: string;
  contactMethod?: ContactMethod;
  /** How long ago the request arrived, in days. */
  receivedDaysAgo: number;
  attachments: AttachmentContent[];
}
