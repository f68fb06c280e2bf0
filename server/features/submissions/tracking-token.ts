import { paths } from '#shared/paths';
import { hashLinkToken, isLinkTokenShape, newLinkToken, type NewLinkToken } from '#server/auth/link-token';

/**
 * A tracking token is a one-use link's token (server/auth/link-token.ts: 192 random bits,
 * 32 base64url characters); only its SHA-256 is stored (docs/product-rules.md, "Tracking link").
 */
export type NewTrackingToken = NewLinkToken;
export const hashTrackingToken = hashLinkToken;
export const newTrackingToken = newLinkToken;
export const isTrackingTokenShape = isLinkTokenShape;

/**
 * `{APP_URL}/suivi/{token}`: the page the client keeps. The one place its absolute address
 * is made: the mails, the answers of the API and the confirmation page all call this.
 */
export function trackingUrl(appUrl: string, token: string): string {
  return `${appUrl}${paths.trackingPage(token)}`;
}
