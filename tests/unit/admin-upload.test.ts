import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ApiError } from '#client/lib/api-client';
import { stubBrowserStorage } from './admin-browser-stubs';

// adminUpload (the one uploadWithProgress, with the session): multipart through XMLHttpRequest
// for its progress events, with the same token and the same reading of answers and failures as
// the API client.

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

let sent: Sent[] = [];
let reply: { status: number; type: string; body: string };

class FakeXhr {
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private request: Sent = { method: '', url: '', headers: {}, body: null };
  open(method: string, url: string) {
    this.request.method = method;
    this.request.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? reply.type : null;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.request.body = body;
    sent.push(this.request);
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      if (reply.status === 0) return this.onerror?.();
      this.status = reply.status;
      this.responseText = reply.body;
      this.onload?.();
    });
  }
}

beforeEach(() => {
  sent = [];
  stubBrowserStorage({ access_token: 'a.b.c' });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => vi.unstubAllGlobals());

test('sends the form with the bearer token, reports progress and answers the JSON body', async () => {
  reply = { status: 201, type: 'application/json', body: JSON.stringify({ data: { id: 7 } }) };
  const { adminUpload: uploadWithProgress } = await import('#client/admin/kit/admin-api');
  const progress: number[] = [];
  const body = new FormData();
  body.append('name', 'Ciment');
  const answer = await uploadWithProgress('/products', body, { onProgress: (share) => progress.push(share) });
  expect(answer).toEqual({ data: { id: 7 } });
  expect(sent[0]).toMatchObject({
    method: 'POST',
    url: '/api/products',
    headers: { Accept: 'application/json', Authorization: 'Bearer a.b.c' },
  });
  expect(sent[0]!.body).toBe(body);
  expect(progress).toEqual([0.5, 1]);
});

test('a 422 becomes the ApiError with its errors map, and a non-JSON failure the product rules, Messages and errors sentence', async () => {
  const { adminUpload: uploadWithProgress } = await import('#client/admin/kit/admin-api');
  reply = {
    status: 422,
    type: 'application/json',
    body: JSON.stringify({
      message: 'Données invalides',
      errors: { price: ['Le prix doit être un nombre'] },
    }),
  };
  const invalid = await uploadWithProgress('/products', new FormData()).catch((error: unknown) => error);
  expect(invalid).toBeInstanceOf(ApiError);
  expect(invalid).toMatchObject({
    status: 422,
    message: 'Données invalides',
    errors: { price: ['Le prix doit être un nombre'] },
  });

  reply = { status: 502, type: 'text/html', body: '<h1>Bad gateway</h1>' };
  const proxy = await uploadWithProgress('/products', new FormData()).catch((error: unknown) => error);
  expect(proxy).toMatchObject({ status: 502, message: 'Erreur HTTP: 502 - Réponse non-JSON' });
});

test('a network failure rejects without ending the session', async () => {
  const { adminUpload: uploadWithProgress } = await import('#client/admin/kit/admin-api');
  reply = { status: 0, type: '', body: '' };
  const failure = await uploadWithProgress('/products', new FormData()).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(TypeError);
  expect(localStorage.getItem('access_token')).toBe('a.b.c');
});
