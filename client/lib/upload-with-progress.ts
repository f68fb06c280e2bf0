/**
 * A multipart POST that reports upload progress. fetch() cannot report the progress of a
 * request body, XMLHttpRequest can: this is the one place the site uses it. The answer is
 * returned whatever its status (the caller decides what a 413 or a 422 means); only a
 * failure to get any answer rejects.
 */

export interface UploadProgress {
  loaded: number;
  /** 0 when the browser cannot tell. */
  total: number;
  /** Whole percent, 0 to 100. */
  percent: number;
}

export interface UploadOptions {
  url: string;
  body: FormData;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Extra request headers; `Accept: application/json` is always sent. */
  headers?: Record<string, string>;
}

export interface UploadAnswer {
  status: number;
  /** The parsed JSON body, the raw text when it is not JSON, null when empty. */
  body: unknown;
}

/** No answer at all: the network failed or timed out (product rules, Messages and errors "Erreur de connexion"). */
export class UploadNetworkError extends Error {
  override name = 'UploadNetworkError';
}

function parseBody(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return null;
  if (!(xhr.getResponseHeader('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function uploadWithProgress({
  url,
  body,
  onProgress,
  signal,
  headers = {},
}: UploadOptions): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException('Envoi annulé', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);

    const abort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', abort);
    signal?.addEventListener('abort', abort, { once: true });

    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        const total = event.lengthComputable ? event.total : 0;
        const percent = total > 0 ? Math.min(100, Math.round((event.loaded / total) * 100)) : 0;
        onProgress({ loaded: event.loaded, total, percent });
      });
    }
    xhr.addEventListener('load', () => {
      settle();
      resolve({ status: xhr.status, body: parseBody(xhr) });
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new UploadNetworkError('La connexion a échoué pendant l’envoi.'));
    });
    xhr.addEventListener('timeout', () => {
      settle();
      reject(new UploadNetworkError('La connexion a expiré pendant l’envoi.'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(signal?.reason ?? new DOMException('Envoi annulé', 'AbortError'));
    });
    xhr.send(body);
  });
}
