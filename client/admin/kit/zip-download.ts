/**
 * The administrator's zip of a submission's attachments (product rules, Validation, API and Messages and errors): GET
 * /admin/project-submissions/{id}/download with the token, checked before it is saved.
 * A reply in JSON is the server's explanation, never a file; a blob under 100 bytes
 * (product rules, Limits and constants, "Minimum valid zip") cannot be a zip of real files.
 */
export const ZIP_MIN_BYTES = 100;

export const downloadMessages = {
  failed: 'Impossible de télécharger les fichiers',
  invalid: 'Le fichier téléchargé semble être invalide ou vide',
  jsonInsteadOfFile: "Le serveur a retourne un objet JSON au lieu d'un fichier",
  notSignedIn: 'Vous devez être connecté pour télécharger les fichiers',
} as const;

/** A refusal whose message is the sentence to show. */
export class DownloadError extends Error {
  override name = 'DownloadError';
}

/** What Windows and the shell refuse or misread in a file name, and invisible characters. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_NAME = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069/\\:*?"<>|]+/g;

function cleanFileName(name: string): string | null {
  const cleaned = name.replace(UNSAFE_NAME, '_').replace(/^[\s.]+|[\s.]+$/g, '');
  return cleaned === '' ? null : cleaned;
}

/** The name an RFC 6266 header gives: `filename*` (UTF-8) first, else `filename`. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      const name = cleanFileName(decodeURIComponent(extended[1].trim()));
      if (name) return name;
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const value = plain?.[1] ?? plain?.[2];
  return value ? cleanFileName(value.trim()) : null;
}

/**
 * The zip's name is the server's alone (projet_{id}_{project_title}.zip, built in
 * server/features/submissions/download-names.ts and sent in Content-Disposition). A reply
 * without one, which our server never sends, is still saved, under a plain name.
 */
export const ZIP_NAME_WHEN_UNNAMED = 'fichiers.zip';

async function jsonMessage(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) return null;
    const { message, error } = body as { message?: unknown; error?: unknown };
    const text =
      typeof message === 'string' && message.trim()
        ? message
        : typeof error === 'string' && error.trim()
          ? error
          : null;
    return text;
  } catch {
    return null;
  }
}

/** The zip and its name from the download's reply, or a DownloadError saying what went wrong. */
export async function zipFromResponse(response: Response): Promise<{ blob: Blob; fileName: string }> {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    const message = await jsonMessage(response);
    throw new DownloadError(
      message ?? (response.ok ? downloadMessages.jsonInsteadOfFile : downloadMessages.failed),
    );
  }
  if (!response.ok) throw new DownloadError(downloadMessages.failed);
  const blob = await response.blob();
  if (!blob || blob.size < ZIP_MIN_BYTES) throw new DownloadError(downloadMessages.invalid);
  return {
    blob,
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')) ?? ZIP_NAME_WHEN_UNNAMED,
  };
}

/** Hands the blob to the browser as a download under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: let them start first.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
