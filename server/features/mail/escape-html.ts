/**
 * Text as HTML text or attribute value. Every value a visitor typed goes through this
 * before it lands in a mail's HTML part: a name like `<script>` reads as typed and runs
 * nowhere (mail clients, the back office's preview).
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
