import type { DetailedError, Upload } from 'tus-js-client';
import { API_BASE, apiErrorOf } from './api-client';

/**
 * One file sent on its own to /api/uploads, resumable (docs/decisions/0045-resumable-uploads.md),
 * with tus-js-client: the protocol is the library's, never ours. A dropped connection is
 * retried from the last byte the server kept (`retryDelays`); the upload's address is kept
 * in the browser's storage under the file's fingerprint, so a page reload that picks the
 * same file goes on where it stopped. Answers the upload's id, for the form's `upload_ids[]`.
 * The library is its own chunk, fetched only when a file is sent.
 *
 * Used by the project request form and the site update form's queue (purpose
 * `site_update`, with the staff's token), which keeps the upload's address itself
 * (`uploadUrl`, `onUploadUrl`) beside the queued photo in IndexedDB.
 */
export type UploadPurpose = 'submission' | 'site_update';

export interface ResumableUploadOptions {
  purpose: UploadPurpose;
  /** The staff's bearer token (site updates). */
  token?: string | null;
  signal?: AbortSignal;
  /** An upload this file already started (its address), resumed rather than created again. */
  uploadUrl?: string | null;
  /** The upload's address, as soon as the server created it. */
  onUploadUrl?: (url: string) => void;
  /** 0..1 of this file. */
  onProgress?: (share: number) => void;
  /** The connection dropped: the library tries again on its own. */
  onConnectionLost?: () => void;
  /** Bytes flow again after a drop. */
  onResumed?: () => void;
}

export const CONNECTION_LOST_MESSAGE = 'Connexion perdue, reprise automatique…';

/** Waits between attempts, in ms: quick first, then every 10 s for about five minutes. */
const RETRY_DELAYS = [0, 1000, 2000, 3000, 5000, ...Array<number>(30).fill(10_000)];

/**
 * One PATCH per MiB: each is confirmed by the server's offset, and a link that drops is
 * noticed at the next request at the latest (a browser going offline does not always fail
 * a request already under way).
 */
const CHUNK_BYTES = 1024 * 1024;

/** A refusal of the server (4xx but a lock), as the API client's ApiError; otherwise the error itself. */
function refusalOf(error: Error | DetailedError): Error {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return error;
  return apiErrorOf(response.getStatus(), parsed(response.getBody()));
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export async function resumableUpload(file: File, options: ResumableUploadOptions): Promise<string> {
  const tus = await import('tus-js-client');
  return new Promise<string>((resolve, reject) => {
    let lost = false;
    const upload: Upload = new tus.Upload(file, {
      endpoint: `${API_BASE}/uploads`,
      metadata: { filename: file.name, filetype: file.type, purpose: options.purpose },
      headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
      retryDelays: RETRY_DELAYS,
      chunkSize: CHUNK_BYTES,
      ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
      onUploadUrlAvailable: () => {
        if (upload.url) options.onUploadUrl?.(upload.url);
      },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        // No answer at all, a server error or a lock still held: worth another try.
        const retry = status === 0 || status >= 500 || status === 409 || status === 423;
        if (retry && !lost) {
          lost = true;
          options.onConnectionLost?.();
        }
        return retry;
      },
      onProgress: (sent, total) => {
        if (lost) {
          lost = false;
          options.onResumed?.();
        }
        options.onProgress?.(total > 0 ? sent / total : 1);
      },
      onError: (error) => reject(refusalOf(error)),
      onSuccess: () => {
        options.onProgress?.(1);
        resolve((upload.url ?? '').split('/').pop() ?? '');
      },
    });
    options.signal?.addEventListener(
      'abort',
      () => {
        void upload.abort();
        reject(options.signal?.reason ?? new DOMException('Envoi annulé', 'AbortError'));
      },
      { once: true },
    );
    // A known address: the library asks the server where it stands (a new upload if gone).
    if (options.uploadUrl) {
      upload.start();
      return;
    }
    // The same file picked again after a reload: on from what the server kept.
    void upload.findPreviousUploads().then((previous) => {
      const last = previous[0];
      if (last) upload.resumeFromPreviousUpload(last);
      upload.start();
    });
  });
}
