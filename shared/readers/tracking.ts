import type { TrackedRequest } from '#shared/tracking-rules';

/** What the private tracking page reads (docs/product-rules.md, "Tracking link"). */
export interface TrackingReader {
  /**
   * The request a tracking token opens, or null for an unknown, replaced or malformed
   * token. A known and an unknown token cost the same indexed query.
   */
  trackedRequest(token: string): Promise<TrackedRequest | null>;
}
