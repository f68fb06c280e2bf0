import { describe, expect, it } from 'vitest';
import { contactOutcomeQuery, readContactOutcome } from '#shared/contact-outcome';
import { contactMessageSchema } from '#shared/schemas/contact-message';
import { draftStore } from '#server/features/contact-messages/refused-drafts';
import { csvCalendarDay, csvDay, csvTime, neutraliseCell } from '#server/features/exports/csv-export';

/** The contact form's outcome query, draft store and schema; the CSV cells (docs/product-rules.md). */

describe('contact outcome query', () => {
  it('round-trips a success with its reference, and a refusal with its fields in the form’s order', () => {
    expect(contactOutcomeQuery({ ok: true, reference: 'MSG-2026-00007' })).toBe(
      '?envoi=ok&reference=MSG-2026-00007#formulaire-contact',
    );
    const token = 'a'.repeat(32);
    const query = contactOutcomeQuery({
      ok: false,
      status: 422,
      fields: ['message', 'name', 'website'],
      draft: token,
    });
    expect(readContactOutcome(new URLSearchParams(query.split('#')[0]))).toEqual({
      kind: 'error',
      status: 422,
      message: 'Données invalides. Vérifiez vos informations.',
      fields: ['name', 'message'],
      draft: token,
    });
  });

  it('shows only our own words for a crafted address', () => {
    expect(readContactOutcome(new URLSearchParams('envoi=ok&reference=<script>'))).toEqual({
      kind: 'ok',
      reference: null,
    });
    expect(
      readContactOutcome(new URLSearchParams('envoi=erreur&statut=abc&champs=x,name&brouillon=../../etc')),
    ).toEqual({
      kind: 'error',
      status: 500,
      message: "Une erreur s'est produite. Veuillez réessayer.",
      fields: ['name'],
      draft: null,
    });
    expect(readContactOutcome(new URLSearchParams('envoi=autre'))).toBeNull();
  });
});

describe('refused drafts', () => {
  it('keeps the typed values and first messages for 30 minutes, the newest 500 at most', () => {
    let now = 0;
    const store = draftStore(() => now);
    const token = store.keep(
      { name: 'Awa', phone: '12', website: 'x', message: 'y'.repeat(9000) },
      {
        phone: ['Numéro invalide', 'autre'],
        website: ['ignoré'],
      },
    );
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const draft = store.read(token)!;
    expect(draft.values).toMatchObject({ name: 'Awa', email: '', phone: '12', subject: '' });
    expect(draft.values.message).toHaveLength(5100);
    expect(draft.errors).toEqual({ phone: 'Numéro invalide' });
    now = 30 * 60_000 - 1;
    expect(store.read(token)).not.toBeNull();
    now = 30 * 60_000;
    expect(store.read(token)).toBeNull();

    now = 0;
    const first = store.keep({}, {});
    for (let i = 0; i < 500; i += 1) store.keep({}, {});
    expect(store.read(first)).toBeNull();
  });
});

describe('contact message schema', () => {
  it('keeps an e-mail or a phone, the subject as its code, the message with LF', () => {
    expect(
      contactMessageSchema.parse({
        name: '  Awa  ',
        email: ' ',
        phone: ' +229 01 97 12 34 56 ',
        subject: 'Achat de produit',
        message: 'Bonjour\r\nà vous.',
      }),
    ).toEqual({
      name: 'Awa',
      email: null,
      phone: '+2290197123456',
      subject: 'achat',
      message: 'Bonjour\nà vous.',
    });
  });
});

describe('CSV cells', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+229 01', "'+229 01"],
    ['-3', "'-3"],
    ['@SOMME', "'@SOMME"],
    ['\tcaché', "'\tcaché"],
    ['\rretour', "'\rretour"],
    ['Awa = 1', 'Awa = 1'],
    ['', ''],
  ])('%j is written %j', (cell, written) => {
    expect(neutraliseCell(cell)).toBe(written);
  });

  it('writes instants in Cotonou’s day and time, calendar days as they are', () => {
    expect(csvDay(new Date('2026-12-31T23:30:00Z'))).toBe('01/01/2027');
    expect(csvTime(new Date('2026-12-31T23:30:00Z'))).toBe('00:30');
    expect(csvCalendarDay('2026-07-14')).toBe('14/07/2026');
    expect(csvDay(null)).toBe('');
  });
});
