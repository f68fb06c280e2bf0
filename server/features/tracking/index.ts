/**
 * What the server uses of tracking links (docs/product-rules.md, "Tracking link"): the API
 * routes, the guard of the /suivi pages, and the service the tracking page reads through.
 * Tracking stands on submissions and site updates (their index.ts), never the other way.
 */
export { trackingRoutes } from './tracking.routes';
export { trackingPageGuard } from './tracking-page-guard';
export { issueTrackingToken, trackingService, type TrackingService } from './tracking.service';
