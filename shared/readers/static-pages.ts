/** Which stored picture illustrates a service line (client/lib/service-lines.ts). */
export type ServiceImageKey = 'parcels' | 'design' | 'construction';

/** One stored image path per service line; null when the database holds none yet. */
export type ServiceImages = Record<ServiceImageKey, string | null>;

/**
 * What the static pages' loaders may read on the server (part of PageContext). Implemented
 * by server/ssr/readers/static-pages.ts.
 */
export interface StaticPagesReader {
  /** Pictures of the company's own work that illustrate the three service cards. */
  serviceImages(): Promise<ServiceImages>;
}
