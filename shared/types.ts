import type { Paged } from './paged';
import type { Assignee } from './assignment';
import type { Publication } from './publication';
/**
 * Shapes the pages and the API agree on (product rules, Entities). Field names are the product rules'.
 */
/**
 * The state of what the public site shows (docs/product-rules.md, "Drafts and scheduled
 * publishing"): `publish_at` is ISO 8601 UTC, or null for "as soon as published".
 */
export interface Publishable {
  publication: Publication;
  publish_at: string | null;
}

export interface ProjectImage {
  id: number;
  image: string;
  description: string;
}

export interface ProjectSummary extends Publishable {
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

export interface Promotion extends Publishable {
  id: number;
  title: string;
  description: string;
  discount: string;
  /** What the visitor quotes to get it ('RENTREE-2026'); null when the staff set none. */
  code: string | null;
  startDate: string;
  endDate: string;
  image: string | null;
}

/** A client's testimonial (docs/product-rules.md, "Testimonials"). */
export interface Testimonial {
  id: number;
  clientName: string;
  /** Where the client lives: 'Cotonou', 'Lyon (diaspora)'. */
  town: string;
  /** Free text: 'Villa R+1 à Abomey-Calavi'. */
  projectType: string;
  text: string;
  /** A stored public image (with variants), or null. */
  photo: string | null;
  published: boolean;
  /** ISO 8601 UTC: when a published testimonial appears; null: as soon as published. */
  publish_at: string | null;
  /** 'YYYY-MM-DD': when the client gave it; the latest first. */
  date: string;
}

/** Product rules, States: the stored codes (labels in shared/schemas/submission.ts). */
export type SubmissionStatus = 'new' | 'contacted' | 'quoted' | 'approved' | 'rejected';
/** Product rules, States: how the administrator reached the visitor; null when not said. */
export type ContactMethod = 'email' | 'phone' | 'whatsapp';

/** A file joined to a submission (private: only inside the administrator's zip). */
export interface SubmissionAttachment {
  id: number;
  original_name: string;
  size: number;
  mime_type: string;
}

/**
 * The visitor's request and the team's notes (product rules, Entities): the
 * project_submissions columns that read the same in the database and in the back office.
 * The row as read (server/features/submissions), the seed's rows and ProjectSubmission
 * each add their own id, status, contact method and dates.
 */
export interface SubmissionDetails {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company: string | null;
  project_title: string;
  project_type: string;
  location: string;
  budget: string;
  description: string;
  /** 'YYYY-MM-DD' or null. */
  start_date: string | null;
  admin_notes: string | null;
}

/** Product rules, Entities, as the back office reads it. */
export interface ProjectSubmission extends SubmissionDetails {
  id: number;
  /** `EDF-2026-00042`: the number the client quotes (docs/product-rules.md, "Request references"). */
  reference: string;
  status: SubmissionStatus;
  status_label: string;
  attachment_count: number;
  attachments: SubmissionAttachment[];
  contact_method: ContactMethod | null;
  /** Who follows it (docs/product-rules.md, "Assignment"), null when nobody does. */
  assignee: Assignee | null;
  /** ISO 8601, UTC. */
  created_at: string;
}

/** Product rules, Entities: counts over every submission, whatever the filters. */
export interface SubmissionStats {
  total: number;
  new: number;
  contacted: number;
  quoted: number;
  approved: number;
  rejected: number;
}

/** GET /admin/project-submissions (product rules, API). */
export interface SubmissionListAnswer {
  success: true;
  data: Paged<ProjectSubmission>;
  stats: SubmissionStats;
}

/** GET /projects/{id}: the summary plus the texts and the two image lists (product rules, Entities). */
export interface ProjectDetail extends ProjectSummary {
  long_description: string | null;
  challenges: string | null;
  materials: string | null;
  architectural_renders: ProjectImage[];
  project_images: ProjectImage[];
}

/** Product rules, Entities. Price in whole F CFA, surface in m², created_at ISO 8601 UTC. */
export interface Parcel extends Publishable {
  id: number;
  title: string;
  description: string;
  location: string;
  surface: number | null;
  price: number;
  status: string;
  image: string;
  created_at: string;
}

/** Product rules, Entities. The estimated value keeps two decimals (product rules). */
export interface FleetProperty extends Publishable {
  id: number;
  propertyType: string | null;
  address: string | null;
  surface: number | null;
  owner: string | null;
  occupationStatus: string | null;
  estimatedValue: number | null;
  image: string;
  created_at: string;
}

/** Product rules, Entities: no price, no status. */
export interface MiscellaneousGood extends Publishable {
  id: number;
  description: string;
  image: string;
  created_at: string;
}

/** Product rules, Entities, with the product count the back office lists. */
export interface Category {
  id: number;
  name: string;
  description: string;
  products_count: number;
}

/** One row of a product's specifications tab (product rules, Entities: name/value pairs). */
export interface ProductSpecification {
  name: string;
  value: string;
}

/**
 * Product rules, Entities, plus what the catalogue card and the admin list show.
 * The old price is given under both spellings the product rules use: `old_price` (payloads) and
 * `oldPrice` (detail sample). `discount` is the whole percent off the old price, null
 * without one (product rules: the badge shows only then).
 */
export interface ProductSummary extends Publishable {
  id: number;
  reference: string;
  name: string;
  category_id: number;
  category: { id: number; name: string } | null;
  price: number;
  old_price: number | null;
  oldPrice: number | null;
  discount: number | null;
  stock: number;
  description: string;
  image: string | null;
  created_at: string;
}

/** Product rules, Entities's detail sample: the long description (both spellings), tabs and gallery. */
export interface ProductDetail extends ProductSummary {
  long_description: string | null;
  longDescription: string | null;
  specifications: ProductSpecification[];
  features: string[];
  /** Extra image paths, shown after the main image. */
  gallery: string[];
  updated_at: string;
}

/**
 * GET /admin/stats (product rules, Entities and API; product rules: active projects are
 * 'En cours'): each count is there only for a role whose work it counts
 * (server/features/stats/stats.repository.ts; docs/product-rules.md, "Roles and access").
 */
export interface AdminStats {
  /** The catalogue's counts: roles with the catalogueRead access. */
  projects?: number;
  products?: number;
  offers?: number;
  categories?: number;
  promotions?: number;
  active_projects?: number;
  /** The requests' and messages' counts: roles with the leads access. */
  submissions?: number;
  /** Contact messages not opened yet (the dashboard's card and the sidebar's badge). */
  unread_messages?: number;
  /** Project submissions still in status 'new': the dashboard's first line of what waits. */
  new_submissions?: number;
  /** The approved requests, the 'Chantiers' screen's sites: roles with the sites access. */
  sites?: number;
  /** Outbox mails whose sending failed for good (status 'failed'), resent from 'Courriels': operator. */
  failed_mails?: number;
  /** Outbox mails not sent yet (pending or being sent): operator. */
  waiting_mails?: number;
  /** Whether SMTP_URL is set; without it no mail leaves (docs/decisions/0018-outbox-and-mail.md): operator. */
  smtp_configured?: boolean;
}

/** The dashboard's counts (every AdminStats field but the SMTP state). */
export type AdminCount = Exclude<keyof AdminStats, 'smtp_configured'>;

/**
 * One entry of a request's history (docs/product-rules.md, "Status history"), as the back
 * office reads it: GET /admin/project-submissions/{id}/events.
 */
export interface SubmissionEvent {
  id: number;
  /** null for the entry that carried notes written before the history existed. */
  from_status: SubmissionStatus | null;
  to_status: SubmissionStatus;
  internal_note: string | null;
  client_message: string | null;
  /** The staff member's name as it was then; null for entries older than the history. */
  author_name: string | null;
  /** ISO 8601, UTC. */
  created_at: string;
}
