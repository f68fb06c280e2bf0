/**
 * The map as a page of its own, for visitors without script (or who prefer a full tab):
 * an embed URL with `output=embed` (Google Maps) opens the normal map without that
 * parameter; any other provider's embed URL is opened as it is.
 */
export function mapPageUrl(embedUrl: string): string {
  try {
    const url = new URL(embedUrl);
    if (url.searchParams.get('output') !== 'embed') return embedUrl;
    url.searchParams.delete('output');
    return url.toString();
  } catch {
    return embedUrl;
  }
}
