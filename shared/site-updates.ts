import type { SitePhase } from './site-phases';

/**
 * What the tracking page shows of a building site (docs/product-rules.md, "Site updates"):
 * the published updates, newest first, and the phase and progress of the newest one. Photo
 * addresses are relative to the tracking page's own path (`/suivi/{token}/`): the token
 * never leaves the page that holds it.
 */
export interface SitePhotoView {
  /** `photos/{name}-640.webp`: the picture shown in the page. */
  src: string;
  /** The 320 and 640 variants with their real widths; the page never loads more inline. */
  srcset: string;
  /** `photos/{name}-1280.webp` (or the widest the photo has): what a tap opens. */
  large: string;
  width: number;
  height: number;
}

export interface PublishedSiteUpdate {
  id: number;
  /** 'YYYY-MM-DD'. */
  date: string;
  phase: SitePhase;
  phase_label: string;
  progress: number;
  text: string;
  photos: SitePhotoView[];
}

export interface SiteUpdatesView {
  /** Null when nothing is published yet. */
  current: { phase: SitePhase; phase_label: string; progress: number } | null;
  updates: PublishedSiteUpdate[];
}

/** A photo as the back office lists it (private: fetched with the administrator's token). */
export interface AdminSitePhoto {
  id: number;
  name: string;
  width: number;
  height: number;
  /** API path of the 320 variant, under /api. */
  thumbnail: string;
}

export interface AdminSiteUpdate {
  id: number;
  submission_id: number;
  date: string;
  phase: SitePhase;
  phase_label: string;
  progress: number;
  text: string;
  published: boolean;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  photos: AdminSitePhoto[];
}

/**
 * A request as the site updates' screens show it: what a site manager needs to find the site
 * and call the client, and nothing else of the request (docs/product-rules.md, "Roles and
 * access"): no e-mail, description, budget, attachment or note.
 */
export interface SiteRequest {
  id: number;
  reference: string | null;
  project_title: string;
  client_name: string;
  /** For the 'Prévenir sur WhatsApp' message's greeting. */
  client_first_name: string;
  phone: string;
  location: string;
  status: string;
}

/** A row of the 'Chantiers' list: an approved request and where its site stands. */
export interface SiteSummary extends Omit<SiteRequest, 'status' | 'client_first_name'> {
  updates_count: number;
  drafts_count: number;
  last_update: {
    date: string;
    phase: SitePhase;
    phase_label: string;
    progress: number;
    published: boolean;
  } | null;
}
