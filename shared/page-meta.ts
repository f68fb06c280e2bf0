import type { Access } from '#shared/roles';
import type { SiteSettings } from '#shared/site-settings';

/** Head of a public document: title, description, canonical URL and sharing card. */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of an image under /storage for the Open Graph card, when the page has one. */
  image?: string | null;
  noindex?: boolean;
  /**
   * One visitor's page (a confirmation showing what they sent, or what they typed in a
   * refused form): never kept in the HTML cache, `Cache-Control: no-store`, and no referrer
   * sent from it.
   */
  private?: boolean;
  /** schema.org objects, rendered as JSON-LD data blocks (never executed, CSP-safe). */
  jsonLd?: object[];
}

export interface MetaArgs<Data = unknown> {
  data: Data;
  site: SiteSettings;
  /** Absolute origin (APP_URL), for URLs inside structured data. */
  appUrl: string;
}

/**
 * The page style sheets of client/styles/pages/, inlined only in the public documents whose
 * route lists them (decision 0023). Every public document also gets base.css and site.css.
 */
export const PAGE_STYLES = [
  'catalogue',
  'offers',
  'portfolio',
  'submit-project',
  'static-pages',
  'tracking',
  'site-updates',
  'testimonials',
  'toast',
] as const;
export type PageStyle = (typeof PAGE_STYLES)[number];

export interface RouteHandle<Data = unknown> {
  /** Which bundle hydrates the route: public documents use islands, the back office its SPA. */
  app?: 'public' | 'admin';
  /** The page style sheets this route's markup and islands use (decision 0023). */
  styles?: PageStyle[];
  meta?: (args: MetaArgs<Data>) => PageMeta;
  /**
   * A back-office screen's access (shared/roles.ts): a role without it gets the refusal
   * inside the layout instead of the screen (client/admin/kit/route-access.ts).
   */
  access?: Access;
  /**
   * The floating WhatsApp button's message on this page, when the page knows better than
   * the greeting (docs/product-rules.md, "WhatsApp"): the tracking page's reply.
   */
  whatsappMessage?: (data: Data) => string | null;
}
