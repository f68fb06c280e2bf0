/**
 * Links built from stored data or settings (product rules, Public site: "every external link is safe, no
 * `javascript:` from data"). Only web, mail, phone and WhatsApp schemes and site-relative
 * paths pass; anything else becomes undefined, so React renders no href at all.
 */
const SAFE_SCHEMES = /^(?:https?:|mailto:|tel:)/i;

export function safeHref(url: string | null | undefined): string | undefined {
  const value = url?.trim();
  if (!value) return undefined;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return SAFE_SCHEMES.test(value) ? value : undefined;
}
