/**
 * Text as HTML text or attribute value, for HTML written by hand rather than by React: the
 * documents' head (titles, descriptions, links) and the mails' HTML part. Every value a
 * visitor typed goes through this before it lands in such HTML: a name like `<script>`
 * reads as typed and runs nowhere (browsers, mail clients, the back office's preview).
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
