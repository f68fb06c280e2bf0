import { API_BASE, readAnswer } from './api-client';

/**
 * The site's one upload with progress: a multipart request to the API that reports how
 * much of its body went out. fetch() cannot report the progress of a request body,
 * XMLHttpRequest can: this is the one place the site uses it (the public submit form, and
 * the back office through its kit's adminUpload, which adds the session). Otherwise it
 * behaves as the API client's `api()` (client/lib/api-client.ts): `/api` prefix,
 * `Accept: application/json`, the bearer token when given, the answer's JSON body, a
 * refusal thrown as ApiError (readAnswer). No answer at all rejects with a TypeError, as
 * fetch does; an abort with the signal's reason.
 */
export interface UploadOptions {
  /** POST by default (updates are POST /{id} with `_method=PUT` in the form data). */
  method?: string;
  token?: string | null;
  signal?: AbortSignal;
  /** 0..1 as the body goes out (nothing when the browser cannot tell), then 1 once answered. */
  onProgress?: (share: number) => void;
}

/** What XMLHttpRequest got, as a Response (a 204's or 304's must have no body). */
function toResponse(xhr: XMLHttpRequest): Response {
  const headers = new Headers();
  const type = xhr.getResponseHeader('content-type');
  if (type) headers.set('content-type', type);
  const noBody = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
  return new Response(noBody ? null : xhr.responseText, { status: xhr.status, headers });
}

function send(path: string, body: FormData, options: UploadOptions): Promise<Response> {
  const { signal, onProgress } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException('Envoi annulé', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (options.token) xhr.setRequestHeader('Authorization', `Bearer ${options.token}`);

    const abort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', abort);
    signal?.addEventListener('abort', abort, { once: true });

    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
      };
    }
    xhr.onload = () => {
      settle();
      resolve(toResponse(xhr));
    };
    // No answer: the network failed or timed out (product rules, Messages and errors).
    xhr.onerror = xhr.ontimeout = () => {
      settle();
      reject(new TypeError('Erreur réseau (serveur inaccessible)'));
    };
    xhr.onabort = () => {
      settle();
      reject(signal?.reason ?? new DOMException('Envoi annulé', 'AbortError'));
    };
    xhr.send(body);
  });
}

export async function uploadWithProgress<T>(
  path: string,
  body: FormData,
  options: UploadOptions = {},
): Promise<T> {
  const response = await send(path, body, options);
  options.onProgress?.(1);
  return readAnswer<T>(response);
}
