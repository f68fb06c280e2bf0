/**
 * JSON that is safe inside an HTML `<script type="application/json">` block: no stored text
 * can close the tag (`</script>`), open a comment (`<!--`) or break a JS parser (U+2028/9).
 * JSON.parse reads the escapes back to the original characters.
 */
export function safeJson(value: unknown): string {
  return JSON.stringify(value ?? null)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
