/**
 * A multipart request that reports upload progress. fetch() cannot report the progress of a
 * request body, XMLHttpRequest can: this is the one place the site uses it (the public
 * submit form directly, the back office through its kit's uploadWithProgress, which adds
 * the token and reads the answer as every API call does). The answer is returned whatever
 * its status (the caller decides what a 413 or a 422 means); only a failure to get any
 * answer rejects.
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
  /** POST by default (back-office updates are POST /{id} with `_method=PUT`). */
  method?: string;
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
  /** The answer as fetch would give it, for readers of Responses (client/lib/api-client.ts). */
  response: () => Response;
}

/** No answer at all: the network failed or timed out (product rules, Messages and errors). */
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

/** What XMLHttpRequest got, as a Response (a 204's or 304's must have no body). */
function toResponse(xhr: XMLHttpRequest): Response {
  const headers = new Headers();
  const type = xhr.getResponseHeader('content-type');
  if (type) headers.set('content-type', type);
  const noBody = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
  return new Response(noBody ? null : xhr.responseText, { status: xhr.status, headers });
}

export function uploadWithProgress({
  url,
  method = 'POST',
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
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);

    const abort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', abort);
    signal?.addEventListener('abort', abort, { once: true });

    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        const total = event.lengthComputable ? event.total : 0;
        const percent = total > 0 ? Math.min(100, Math.round((event.loaded / total) * 100)) : 0;
        onProgress({ loaded: event.loaded, total, percent });
      };
    }
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, body: parseBody(xhr), response: () => toResponse(xhr) });
    };
    xhr.onerror = () => {
      settle();
      reject(new UploadNetworkError('La connexion a échoué pendant l’envoi.'));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new UploadNetworkError('La connexion a expiré pendant l’envoi.'));
    };
    xhr.onabort = () => {
      settle();
      reject(signal?.reason ?? new DOMException('Envoi annulé', 'AbortError'));
    };
    xhr.send(body);
  });
}
