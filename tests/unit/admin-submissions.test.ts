import { describe, expect, test } from 'vitest';
import { readSubmissionPage } from '#client/admin/submissions/submission-answer';
import {
  internationalDigits,
  visitorMailto,
  visitorTel,
  visitorWhatsapp,
} from '#client/admin/kit/submission-contact';
import {
  apiFilter,
  exportQuery,
  filtersFromParams,
  listQuery,
  paramsWithFilters,
  DEFAULT_FILTERS,
} from '#client/admin/submissions/submission-query';
import { fileNameFromDisposition, zipFromResponse } from '#client/admin/kit/zip-download';
import { formatFileSize } from '#shared/format';

// The back office's submissions screen, its pure parts (product rules, Back office; product rules, Validation, API, Messages and errors and Limits and constants).

describe('list filters in the URL', () => {
  test('an empty URL gives the defaults: page 1, every status, created_at descending', () => {
    expect(filtersFromParams(new URLSearchParams())).toEqual({
      page: 1,
      search: '',
      status: 'all',
      sort: '-created_at',
      assignee: '',
    });
  });

  test('values the server would refuse fall back to their default one by one', () => {
    const read = filtersFromParams(
      new URLSearchParams('page=-3&status=pending&sort=email&search=%20villa%20'),
    );
    expect(read).toEqual({ page: 1, search: 'villa', status: 'all', sort: '-created_at', assignee: '' });
    expect(filtersFromParams(new URLSearchParams('page=4&status=quoted&sort=-location'))).toMatchObject({
      page: 4,
      status: 'quoted',
      sort: '-location',
    });
  });

  test('a link saved with sort_by and sort_order opens the same order; sort wins over them', () => {
    expect(filtersFromParams(new URLSearchParams('sort_by=first_name&sort_order=ASC')).sort).toBe(
      'first_name',
    );
    expect(filtersFromParams(new URLSearchParams('sort_by=status')).sort).toBe('-status');
    expect(filtersFromParams(new URLSearchParams('sort=reference&sort_by=status')).sort).toBe('reference');
  });

  test('defaults are left out of the URL, the older sort parameters dropped, other parameters kept', () => {
    const params = paramsWithFilters(new URLSearchParams('soumission=12&page=3&sort_by=status'), {
      ...DEFAULT_FILTERS,
      status: 'approved',
      search: 'Agossou',
    });
    expect(params.toString()).toBe('soumission=12&search=Agossou&status=approved');
    expect(
      paramsWithFilters(new URLSearchParams(), { ...DEFAULT_FILTERS, sort: 'project_title' }).toString(),
    ).toBe('sort=project_title');
  });

  test('the API query always has per_page=15 and skips an empty search', () => {
    expect(listQuery(DEFAULT_FILTERS)).toBe('page=1&per_page=15&status=all&sort=-created_at');
    expect(
      new URLSearchParams(listQuery({ ...DEFAULT_FILTERS, search: ' villa ', page: 2 })).get('search'),
    ).toBe('villa');
  });

  test('the bulk filter is the search, status and assignee, without page nor sort', () => {
    expect(
      apiFilter({ ...DEFAULT_FILTERS, page: 3, sort: 'status', search: ' villa ', assignee: 'me' }),
    ).toEqual({
      status: 'all',
      search: 'villa',
      assignee: 'me',
    });
    expect(exportQuery({ ...DEFAULT_FILTERS, status: 'new', sort: 'location' })).toBe(
      'status=new&sort=location',
    );
  });
});

describe('reading the list answer', () => {
  const row = { id: 1, first_name: 'Awa', status: 'new' };
  const stats = { total: 3, new: 1, contacted: 1, quoted: 0, approved: 1, rejected: 0 };

  test('the documented shape gives rows, paging and the six counts', () => {
    const read = readSubmissionPage({
      success: true,
      data: { data: [row], current_page: 2, last_page: 3, per_page: 15, total: 31, from: 16, to: 16 },
      stats,
    });
    expect(read).toMatchObject({ page: 2, lastPage: 3, total: 31, from: 16, to: 16, stats });
    expect(read?.rows).toHaveLength(1);
  });

  test('a bare array, a missing page or rows without ids are a wrong format (null)', () => {
    expect(readSubmissionPage([row])).toBeNull();
    expect(readSubmissionPage({ success: true, data: [row] })).toBeNull();
    expect(readSubmissionPage({ data: { data: [{ first_name: 'x' }] } })).toBeNull();
    expect(readSubmissionPage('<html>')).toBeNull();
  });

  test('counts that are not whole numbers are dropped, the rows still show', () => {
    const read = readSubmissionPage({
      data: { data: [row], current_page: 1, last_page: 1 },
      stats: { ...stats, new: '1' },
    });
    expect(read?.stats).toBeNull();
    expect(read?.rows).toHaveLength(1);
  });
});

describe('the zip download', () => {
  const zipBytes = new Uint8Array(150).fill(7);

  test('the server file name comes from filename* (UTF-8), else filename, with separators neutralised', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="projet_7_Villa_facade.zip"; filename*=UTF-8''projet_7_Villa_fa%C3%A7ade.zip`,
      ),
    ).toBe('projet_7_Villa_façade.zip');
    expect(fileNameFromDisposition('attachment; filename="projet_7.zip"')).toBe('projet_7.zip');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`)).toBe(
      '_.._etc_passwd',
    );
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  test("the name is the server's alone: a reply without one is saved under a plain name", async () => {
    const unnamed = new Response(zipBytes, { headers: { 'content-type': 'application/zip' } });
    expect((await zipFromResponse(unnamed)).fileName).toBe('fichiers.zip');
  });

  test('a zip of 100 bytes or more is accepted with the server name', async () => {
    const response = new Response(zipBytes, {
      headers: {
        'content-type': 'application/zip',
        'content-disposition': 'attachment; filename="projet_1_A.zip"',
      },
    });
    const { blob, fileName } = await zipFromResponse(response);
    expect(blob.size).toBe(150);
    expect(fileName).toBe('projet_1_A.zip');
  });

  test('a blob under 100 bytes is refused as invalid or empty', async () => {
    const response = new Response(new Uint8Array(99), { headers: { 'content-type': 'application/zip' } });
    await expect(zipFromResponse(response)).rejects.toThrow(
      'Le fichier téléchargé semble être invalide ou vide',
    );
  });

  test('a JSON reply gives its message, or says the server sent JSON instead of a file', async () => {
    const withMessage = Response.json(
      { message: 'Aucun fichier joint à cette soumission.' },
      { status: 404 },
    );
    await expect(zipFromResponse(withMessage)).rejects.toThrow('Aucun fichier joint à cette soumission.');
    const bare = Response.json({ ok: true });
    await expect(zipFromResponse(bare)).rejects.toThrow(
      "Le serveur a retourne un objet JSON au lieu d'un fichier",
    );
  });

  test('any other failure is "Impossible de télécharger les fichiers"', async () => {
    const response = new Response('boom', { status: 500, headers: { 'content-type': 'text/plain' } });
    await expect(zipFromResponse(response)).rejects.toThrow('Impossible de télécharger les fichiers');
  });
});

describe('contact links built from what the visitor typed', () => {
  test('only a plain address becomes a mailto link', () => {
    expect(visitorMailto('awa@example.bj', 'Villa', 'EDF-2026-00042')).toBe(
      'mailto:awa@example.bj?subject=Votre%20projet%20%C2%AB%20Villa%20%C2%BB%20(EDF-2026-00042)',
    );
    expect(visitorMailto('awa@example.bj?bcc=x@y.z', 'Villa', 'EDF-2026-00042')).toBeNull();
    expect(visitorMailto('javascript:alert(1)//@x.y', 'Villa', '')).toBeNull();
  });

  test('tel and WhatsApp links carry digits only; a local Beninese number gets 229', () => {
    expect(visitorTel('+229 01 97 12 34 56')).toBe('tel:+2290197123456');
    expect(visitorTel('12')).toBeNull();
    expect(internationalDigits('+33 6 12 34 56 78')).toBe('33612345678');
    expect(internationalDigits('0033 6 12 34 56 78')).toBe('33612345678');
    expect(internationalDigits('01 97 12 34 56')).toBe('2290197123456');
    expect(internationalDigits('97 12 34 56')).toBe('22997123456');
    expect(visitorWhatsapp('+229 01 97 12 34 56', 'Awa', 'Villa & <b>')).toBe(
      `https://wa.me/2290197123456?text=${encodeURIComponent('Bonjour Awa, nous revenons vers vous au sujet de votre projet « Villa & <b> ».')}`,
    );
    expect(visitorWhatsapp('abc', 'Awa', 'Villa')).toBeNull();
  });
});

test('attachment sizes read in French units', () => {
  expect(formatFileSize(1)).toBe('1 o');
  expect(formatFileSize(850)).toBe('850 o');
  expect(formatFileSize(12_800)).toBe('13 Ko');
  expect(formatFileSize(2_516_582)).toBe('2,4 Mo');
});
