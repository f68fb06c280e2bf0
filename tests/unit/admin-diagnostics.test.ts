import { describe, expect, test } from 'vitest';
import { ApiError } from '#client/lib/api-client';
import { formatFileSize } from '#shared/format';
import {
  failureMessage,
  healthOutcome,
  imageHeadOutcome,
  imageServiceOutcome,
} from '#client/admin/diagnostics/api-checks';
import { imageServiceEnglish } from '#client/admin/diagnostics/auth-checks';
import { countLabel } from '#client/admin/diagnostics/images-tab';
import {
  builtImageUrl,
  guessImageType,
  imagePathVariants,
  storedPath,
  typedImageUrl,
} from '#client/admin/diagnostics/image-urls';
import {
  formatPercent,
  screenFailureDetail,
  statusBadge,
  symlinkStatus,
  systemAlerts,
} from '#client/admin/diagnostics/system-status';
import { diagnoseToken, formatDuration, tokenCheck } from '#client/admin/diagnostics/token-diagnosis';
import type { SystemDiagnostic } from '#client/admin/diagnostics/diagnostic-types';

// The diagnostics' decisions (product rules, Pages and routes, Entities, States, Roles and access, API, Messages and errors and Limits and constants): how a token, an answer or
// a failure becomes pending/success/warning/error and which French words it shows.

const NOW = 1_700_000_000;
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (payload: unknown) => `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`;

describe('token diagnostic (product rules, Roles and access: five outcomes)', () => {
  test('no stored token is a warning: "Aucun token d\'authentification trouvé"', () => {
    for (const missing of [null, undefined, '']) {
      const diagnosis = diagnoseToken(missing, NOW);
      expect(diagnosis.outcome).toBe('missing');
      expect(tokenCheck(diagnosis)).toEqual({
        status: 'warning',
        message: "Aucun token d'authentification trouvé",
      });
    }
  });

  test('a token that is not three non-empty dot-separated parts is "Format de token invalide"', () => {
    for (const text of ['garbage', 'a.b', 'a.b.c.d', 'a..c', `${part({})}.${part({ exp: NOW + 60 })}.`]) {
      const diagnosis = diagnoseToken(text, NOW);
      expect(diagnosis.outcome, text).toBe('malformed');
      expect(tokenCheck(diagnosis)).toEqual({ status: 'error', message: 'Format de token invalide' });
    }
  });

  test('three parts whose payload is not a JSON object is unreadable, an error', () => {
    for (const text of [
      'a.%%%.c',
      `a.${Buffer.from('not json').toString('base64url')}.c`,
      `a.${part([1, 2])}.c`,
    ]) {
      const diagnosis = diagnoseToken(text, NOW);
      expect(diagnosis.outcome, text).toBe('unreadable');
      expect(tokenCheck(diagnosis).status).toBe('error');
      expect(tokenCheck(diagnosis).message).toBe('Impossible de lire le contenu du token');
    }
  });

  test('exp in the past, or exactly now, is "Token expiré" with its claims kept', () => {
    const past = diagnoseToken(token({ sub: '7', iat: NOW - 3600, exp: NOW - 1 }), NOW);
    expect(past).toEqual({ outcome: 'expired', sub: '7', iat: NOW - 3600, exp: NOW - 1 });
    expect(tokenCheck(past)).toEqual({ status: 'error', message: 'Token expiré' });
    expect(diagnoseToken(token({ exp: NOW }), NOW).outcome).toBe('expired');
  });

  test('a token expiring later is valid, a success with its remaining time', () => {
    const diagnosis = diagnoseToken(token({ sub: 1, iat: NOW - 60, exp: NOW + 8 * 3600 - 60 }), NOW);
    expect(diagnosis).toEqual({
      outcome: 'valid',
      sub: '1',
      iat: NOW - 60,
      exp: NOW + 8 * 3600 - 60,
      remainingSeconds: 8 * 3600 - 60,
    });
    expect(tokenCheck(diagnosis)).toEqual({
      status: 'success',
      message: 'Token valide',
      detail: 'Expire dans 7 h 59 min',
    });
  });

  test('a valid payload without exp is valid and says it has no expiry', () => {
    const diagnosis = diagnoseToken(token({ sub: 'x' }), NOW);
    expect(diagnosis).toEqual({ outcome: 'valid', sub: 'x' });
    expect(tokenCheck(diagnosis).detail).toBe('Sans date d’expiration');
  });

  test('remaining time reads in its two largest units', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(5 * 60 + 3)).toBe('5 min');
    expect(formatDuration(2 * 3600)).toBe('2 h 0 min');
    expect(formatDuration(30 * 86_400 - 1)).toBe('29 j 23 h');
    expect(formatDuration(3 * 86_400)).toBe('3 j');
    expect(formatDuration(-5)).toBe('0 s');
  });
});

describe('API status and image service outcomes (product rules, API and Messages and errors)', () => {
  test('an "ok" health answer is a success in the product rules\'s words, another status a warning', () => {
    expect(healthOutcome({ status: 'ok', environment: 'production' })).toEqual({
      status: 'success',
      message: 'Connexion réussie. Statut API: ok, environnement: production',
    });
    expect(healthOutcome({ status: 'degraded', environment: 'test' }).status).toBe('warning');
  });

  test('a timeout and a network failure use the words that fit what was asked', () => {
    const timeout = new DOMException('signal timed out', 'TimeoutError');
    const network = new TypeError('Failed to fetch');
    expect(failureMessage(timeout, 'connection')).toBe(
      'La connexion a expiré: le serveur met trop de temps à répondre',
    );
    expect(failureMessage(network, 'connection')).toBe(
      'Erreur réseau: le serveur est peut-être inaccessible',
    );
    expect(failureMessage(timeout, 'request')).toBe('La requête a expiré (délai dépassé)');
    expect(failureMessage(network, 'request')).toBe('Erreur réseau (serveur inaccessible)');
    expect(failureMessage(new ApiError('Accès refusé.', 403), 'request')).toBe('Accès refusé.');
    expect(failureMessage(new Error('other'), 'request')).toBeNull();
  });

  test("the image service's ok, warning and error map to success, warning and error with the link state", () => {
    const link = (exists: boolean) => ({
      exists,
      is_symlink: exists,
      target: exists ? '../storage/app/public' : null,
    });
    expect(
      imageServiceOutcome({
        status: 'ok',
        message: "Service d'images opérationnel.",
        storage_link: link(true),
      }),
    ).toEqual({
      status: 'success',
      message: "Service d'images opérationnel.",
      detail: 'Lien de stockage : présent',
    });
    expect(
      imageServiceOutcome({ status: 'warning', message: 'lien', storage_link: link(false) }),
    ).toMatchObject({ status: 'warning', detail: 'Lien de stockage : absent' });
    expect(imageServiceOutcome({ status: 'error', message: 'dossiers' }).status).toBe('error');
    expect(imageServiceOutcome({ status: 'strange' }).status).toBe('error');
  });

  test('the auth diagnostic words the same image service answers in English', () => {
    expect(imageServiceEnglish({ status: 'ok', storage_link: { exists: true } })).toEqual({
      status: 'success',
      message: 'Image service is working (storage link present)',
    });
    expect(
      imageServiceEnglish({ status: 'warning', message: 'lien', storage_link: { exists: false } }),
    ).toMatchObject({ status: 'warning', detail: 'lien' });
    expect(imageServiceEnglish({ status: 'error' }).status).toBe('error');
  });
});

describe('image HEAD check (product rules, API: the content type must be image/*)', () => {
  test('a 2xx image/* answer is a success naming the type', () => {
    expect(imageHeadOutcome(200, 'OK', 'image/webp')).toEqual({
      status: 'success',
      message: 'Image accessible (image/webp)',
    });
    expect(imageHeadOutcome(200, 'OK', 'IMAGE/JPEG; charset=binary').status).toBe('success');
  });

  test('a 2xx answer of another type is "La ressource n\'est pas une image"', () => {
    expect(imageHeadOutcome(200, 'OK', 'application/json; charset=utf-8')).toEqual({
      status: 'error',
      message: "La ressource n'est pas une image",
      detail: 'Type reçu : application/json',
    });
    expect(imageHeadOutcome(200, 'OK', null).detail).toBe('Type reçu : aucun');
  });

  test('a failed status is "Erreur lors de l\'accès à l\'image…" with the status line', () => {
    expect(imageHeadOutcome(404, 'Not Found', 'application/json')).toEqual({
      status: 'error',
      message: "Erreur lors de l'accès à l'image…",
      detail: 'HTTP 404 Not Found',
    });
  });
});

describe('image URLs (product rules, Entities resolution, product rules, API type guessing)', () => {
  test("the type is guessed in the product rules' order, misc by default", () => {
    expect(guessImageType('parcelle/a.jpg')).toBe('parcelle');
    expect(guessImageType('uploads/terrain-3.jpg')).toBe('parcelle');
    expect(guessImageType('flotte/a.jpg')).toBe('fleet');
    expect(guessImageType('biens-immobiliers/a.jpg')).toBe('fleet');
    expect(guessImageType('bien/a.jpg')).toBe('bien');
    expect(guessImageType('products/a.jpg')).toBe('misc');
  });

  test('a stored path loses its leading slashes and one storage/ or images/ prefix', () => {
    expect(storedPath('  /storage/products/a.jpg ')).toBe('products/a.jpg');
    expect(storedPath('images/bien/a.jpg')).toBe('bien/a.jpg');
    expect(storedPath('misc/a.jpg')).toBe('misc/a.jpg');
  });

  test('the typed pattern is /api/images/{type}/{path}, each segment encoded', () => {
    expect(typedImageUrl('bien', 'storage/bien/maison été.jpg')).toBe(
      '/api/images/bien/bien/maison%20%C3%A9t%C3%A9.jpg',
    );
  });

  test('the URL the API diagnostic checks: full and site URLs as is, else the typed pattern', () => {
    expect(builtImageUrl('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(builtImageUrl('/api/health-check')).toBe('/api/health-check');
    expect(builtImageUrl('parcelle/p1.jpg')).toBe('/api/images/parcelle/parcelle/p1.jpg');
    expect(builtImageUrl('products/k3.jpg')).toBe('/api/images/misc/products/k3.jpg');
  });

  test('the tester lists every resolver shape once, and a full URL alone', () => {
    expect(imagePathVariants('storage/products/k3.jpg').map((v) => v.url)).toEqual([
      '/storage/products/k3.jpg',
      '/api/serve-image/products/k3.jpg',
      '/api/images/products/k3.jpg',
      '/api/images/images/products/k3.jpg',
      '/api/images/misc/products/k3.jpg',
    ]);
    expect(imagePathVariants('https://x.test/a.png')).toEqual([
      { label: 'URL complète', url: 'https://x.test/a.png' },
    ]);
    expect(imagePathVariants('   ')).toEqual([]);
    expect(imagePathVariants('/storage/')).toEqual([]);
  });
});

describe('system diagnostic reading (product rules, Pages and routes, Entities and Limits and constants)', () => {
  const diagnostic = (
    over: Partial<SystemDiagnostic['symlinks']> = {},
    writeTest = 'success',
  ): SystemDiagnostic => ({
    database: { status: 'connected', database_name: 'database.sqlite', user_count: 1 },
    storage: { status: 'ok', space_usage_percent: 12.5, write_test: writeTest, image_folders: {} },
    symlinks: {
      public_storage_exists: true,
      is_symlink: true,
      symlink_target: '../storage/app/public',
      ...over,
    },
    environment: {},
  });

  test('badges: OK for ok/available/connected/success, Attention for warning, Erreur otherwise', () => {
    for (const status of ['ok', 'available', 'connected', 'success', 'OK'])
      expect(statusBadge(status).label).toBe('OK');
    expect(statusBadge('warning').label).toBe('Attention');
    for (const status of ['error', 'failed', '', null, undefined])
      expect(statusBadge(status).label).toBe('Erreur');
  });

  test('the link is ok when it exists as a link, a warning when something else stands there, an error when missing', () => {
    expect(symlinkStatus(diagnostic().symlinks)).toBe('ok');
    expect(symlinkStatus(diagnostic({ is_symlink: false }).symlinks)).toBe('warning');
    expect(symlinkStatus(diagnostic({ public_storage_exists: false, is_symlink: false }).symlinks)).toBe(
      'error',
    );
  });

  test('red alerts: a missing link, a write test other than success', () => {
    expect(systemAlerts(diagnostic())).toEqual({ linkMissing: false, writeProblem: false });
    expect(systemAlerts(diagnostic({ public_storage_exists: false }, 'failed'))).toEqual({
      linkMissing: true,
      writeProblem: true,
    });
  });

  test('image sizes in French units (Ko, never KB); percentages fr-FR', () => {
    expect(formatFileSize(0)).toBe('0 o');
    expect(formatFileSize(1535)).toBe('1 Ko');
    expect(formatFileSize(1536)).toBe('2 Ko');
    expect(formatFileSize(250_000)).toBe('244 Ko');
    expect(formatPercent(42.35)).toBe('42,4 %');
    expect(formatPercent(null)).toBe('Non disponible');
  });

  test('a screen failure reads "Erreur HTTP: {status}", with the server\'s words when it gave some', () => {
    expect(screenFailureDetail(new ApiError('Erreur HTTP: 500', 500))).toBe('Erreur HTTP: 500');
    expect(screenFailureDetail(new ApiError('Accès refusé.', 403))).toBe('Erreur HTTP: 403 – Accès refusé.');
    expect(screenFailureDetail(new TypeError('Failed to fetch'))).toBe(
      'Erreur réseau (serveur inaccessible)',
    );
  });

  test('the image count says when the list is filtered or capped', () => {
    expect(countLabel(1, 1)).toBe('1 image');
    expect(countLabel(12, 12, 12)).toBe('12 images');
    expect(countLabel(3, 12)).toBe('3 images sur 12');
    expect(countLabel(500, 500, 4000)).toBe('500 images (les 500 plus récentes, 4000 au total)');
  });
});
