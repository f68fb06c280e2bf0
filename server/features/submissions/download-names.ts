/**
 * Names of the administrator's zip (product rules, API: `projet_{id}_{reference}_{project_title}.zip`) and
 * of its entries (the visitors' file names). Both come from visitors' text, so both are
 * made harmless without losing what makes them readable: accents stay, separators,
 * control characters and `..` go.
 */

/** C0 and C1 controls, DEL, and the bidirectional overrides that can disguise an extension. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Path separators, and what Windows refuses in a file name. */
const RESERVED = /[/\\:*?"<>|]/g;
const ENTRY_NAME_MAX = 180;
const TITLE_MAX = 80;

function truncateKeepingExtension(name: string, max: number): string {
  const chars = [...name];
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  if (extension.length >= max / 2) return chars.slice(0, max).join('');
  return (
    chars
      .slice(0, max - extension.length)
      .join('')
      .trimEnd() + extension.join('')
  );
}

/** Text made safe for a file name; may come out empty. */
function cleanName(text: string): string {
  const cleaned = text
    .normalize('NFC')
    .replace(CONTROL, '')
    .replace(RESERVED, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/\s+/g, ' ')
    // Leading dots hide a file; trailing dots and spaces are dropped by Windows.
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return truncateKeepingExtension(cleaned, ENTRY_NAME_MAX);
}

/**
 * One entry name: the last segment of whatever path the name carried (as browsers send
 * it), with no `..`, nothing invisible and nothing Windows refuses; never empty.
 */
export function safeEntryName(original: string): string {
  const segments = original.split(/[/\\]/).filter((segment) => segment.trim() !== '');
  return cleanName(segments.at(-1) ?? '') || 'fichier';
}

/**
 * Safe names for a list of files, in order; the same name twice (ignoring case, as
 * Windows and macOS do) becomes 'plan (2).pdf', 'plan (3).pdf'.
 */
export function uniqueEntryNames(originals: readonly string[]): string[] {
  const taken = new Set<string>();
  return originals.map((original) => {
    const name = safeEntryName(original);
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** `projet_{id}_{reference}_{title}.zip`: the title's spaces as underscores, accents kept, no edge dots. */
export function zipFileName(id: number, reference: string, projectTitle: string): string {
  const title = [
    ...cleanName(projectTitle)
      .replace(/[\s_]+/g, '_')
      .replace(/^[_.]+|[_.]+$/g, ''),
  ]
    .slice(0, TITLE_MAX)
    .join('');
  const stem = [`projet_${id}`, cleanName(reference), title].filter(Boolean).join('_');
  return `${stem}.zip`;
}

/** The same name in plain ASCII, for clients that ignore filename* ('façade' -> 'facade'). */
export function asciiFileName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_{2,}/g, '_');
}

/** RFC 5987: percent-encoded UTF-8, where only attr-chars stay as they are. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** RFC 6266: an ASCII `filename` for old clients, the real name in `filename*`. */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFileName(fileName)}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
