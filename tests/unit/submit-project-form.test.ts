import { beforeAll, describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX } from '#shared/schemas/fields';
import { BUDGETS, submissionMessages } from '#shared/submission-rules';
import { budgetLabel } from '#client/pages/submit-project/submission-fields';
import { addFiles, type PickedFile } from '#client/pages/submit-project/file-selection';
import { formatFileSize } from '#shared/format';
import {
  buildFormData,
  emptyValues,
  loadSchema,
  networkFailure,
  readAnswer,
  validateValues,
  type FormValues,
} from '#client/pages/submit-project/send-submission';
import { outcomeQuery, readOutcome } from '#shared/submission-outcome';

/**
 * The public submit form's logic apart from React (product rules, Public site; product rules, Validation and Messages and errors):
 * file picking, the multipart body, the reading of the server's answers, and the outcome of
 * a post without JavaScript. Messages are written out: a typo in the shared ones must fail.
 */
const MB = 1_048_576;
const MB10 = 10_485_760;

const file = (name: string, size: number, lastModified = 1): PickedFile => ({ name, size, lastModified });

const filled: FormValues = {
  ...emptyValues(),
  firstName: 'Awa',
  lastName: 'Houénou',
  email: 'awa@example.bj',
  phone: '+229 01 97 12 34 56',
  projectTitle: 'Villa R+1',
  projectType: 'Rénovation',
  budget: 'Moins de 5M FCFA',
  location: 'Cotonou',
  description: 'Une villa de quatre chambres.',
};

describe('picking attachments', () => {
  it('appends files picked in several goes and ignores the same file picked twice', () => {
    const first = addFiles([], [file('plan.pdf', 1000)]);
    const second = addFiles(first.files, [file('plan.pdf', 1000), file('photo.PNG', 2000)]);
    expect(second.files.map((f) => f.name)).toEqual(['plan.pdf', 'photo.PNG']);
    expect(second.refused).toEqual([]);
  });

  it('refuses a file of 10 MB + 1 byte with the product rules message naming it, and keeps one of exactly 10 MB', () => {
    const result = addFiles([], [file('gros.pdf', MB10 + 1), file('juste.pdf', MB10)]);
    expect(result.files.map((f) => f.name)).toEqual(['juste.pdf']);
    expect(result.refused).toEqual(['Le fichier "gros.pdf" dépasse la limite de 10MB.']);
  });

  it('refuses an extension the product rules do not list, naming the file', () => {
    const result = addFiles([], [file('virus.exe', 10)]);
    expect(result.files).toEqual([]);
    expect(result.refused).toEqual([
      'Le fichier "virus.exe" n\'est pas accepté : formats autorisés PDF, DOC, DOCX, JPG, JPEG, PNG et DWG.',
    ]);
  });

  it('refuses the files that would take the total over 25 MB, keeping the others', () => {
    const result = addFiles(
      [],
      [file('a.pdf', 9 * MB), file('b.pdf', 9 * MB), file('c.pdf', 9 * MB), file('d.pdf', 6 * MB)],
    );
    expect(result.files.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf', 'd.pdf']);
    expect(result.refused).toEqual(['La taille totale des fichiers dépasse la limite de 25MB.']);
  });

  it('keeps at most 10 files and says so once', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => file(`f${i}.pdf`, 10));
    const result = addFiles([], twelve);
    expect(result.files).toHaveLength(10);
    expect(result.refused).toEqual(['Vous pouvez joindre au maximum 10 fichiers.']);
  });

  it('shows sizes in French units (o, Ko, Mo), French decimals, never KB or MB', () => {
    expect(formatFileSize(850)).toBe('850 o');
    expect(formatFileSize(2048)).toBe('2 Ko');
    expect(formatFileSize(1.5 * MB)).toBe('1,5 Mo');
  });
});

describe('checking the fields before sending', () => {
  beforeAll(() => loadSchema());

  it('the zod-free rules module states the same description limit as the schemas', () => {
    expect(submissionMessages.descriptionTooLong).toContain(String(DESCRIPTION_MAX));
  });

  it('gives the shared schema message of every empty required field and none for optional ones', () => {
    const errors = validateValues(emptyValues());
    expect(errors).toMatchObject({
      firstName: 'Le prénom est requis',
      email: "L'email est requis",
      projectType: 'Le type de projet est requis',
      budget: 'Le budget est requis',
      description: 'La description est requise',
    });
    expect(errors).not.toHaveProperty('company');
    expect(errors).not.toHaveProperty('startDate');
    expect(validateValues(filled)).toEqual({});
  });
});

describe('the multipart body', () => {
  it('sends fields as strings, leaves out empty optional ones, and the files under attachments[]', () => {
    const plan = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'plan.pdf');
    const body = buildFormData({ ...filled, startDate: '2027-03-15' }, [plan]);
    expect(body.get('firstName')).toBe('Awa');
    expect(body.get('startDate')).toBe('2027-03-15');
    expect(body.has('company')).toBe(false);
    expect(body.has('website')).toBe(false);
    expect(body.getAll('attachments[]').map((entry) => (entry as File).name)).toEqual(['plan.pdf']);
  });
});

describe("reading the server's answer", () => {
  it('success: the product rules toast, and the reference and tracking link for the confirmation', () => {
    const tracking_url = 'https://edifier.bj/suivi/abcdefghijklmnopqrstuvwxyz012345';
    expect(
      readAnswer({ status: 201, body: { success: true, reference: 'EDF-2026-00042', tracking_url } }),
    ).toEqual({
      ok: true,
      title: 'Projet soumis avec succès !',
      message: 'Nous avons bien reçu votre demande. Notre équipe vous contactera sous 48h.',
      reference: 'EDF-2026-00042',
      trackingUrl: tracking_url,
    });
    // An answer without them still succeeds (the toast only).
    expect(readAnswer({ status: 201, body: { success: true } })).toMatchObject({
      ok: true,
      reference: '',
      trackingUrl: null,
    });
  });

  it('413: the product rules message, and the server words beside the attachments', () => {
    const result = readAnswer({
      status: 413,
      body: { message: 'La taille totale des fichiers dépasse la limite de 25MB.' },
    });
    expect(result).toEqual({
      ok: false,
      title: 'Erreur',
      message: 'Fichiers trop volumineux. Réduisez la taille de vos fichiers.',
      fieldErrors: { attachments: 'La taille totale des fichiers dépasse la limite de 25MB.' },
    });
  });

  it('422: the product rules message and each field error, unknown keys left out', () => {
    const result = readAnswer({
      status: 422,
      body: { message: 'Erreur de validation', errors: { email: ['Adresse email invalide'], evil: ['x'] } },
    });
    expect(result).toEqual({
      ok: false,
      title: 'Erreur',
      message: 'Données invalides. Vérifiez vos informations.',
      fieldErrors: { email: 'Adresse email invalide' },
    });
  });

  it("429 keeps the server's message; other failures show it or the generic one", () => {
    expect(readAnswer({ status: 429, body: { message: 'Trop de soumissions.' } }).message).toBe(
      'Trop de soumissions.',
    );
    expect(readAnswer({ status: 500, body: { message: 'Panne.' } }).message).toBe('Panne.');
    expect(readAnswer({ status: 502, body: '<html>Bad gateway</html>' }).message).toBe(
      "Une erreur s'est produite. Veuillez réessayer.",
    );
    expect(networkFailure().message).toBe(
      'Erreur de connexion. Vérifiez votre connexion internet et réessayez.',
    );
  });
});

describe('the outcome of a post without JavaScript', () => {
  it('round-trips through the query, fields in the order of the form', () => {
    expect(readOutcome(new URLSearchParams(outcomeQuery({ ok: true })))).toEqual({
      kind: 'ok',
      receipt: null,
    });
    expect(readOutcome(new URLSearchParams(outcomeQuery({ ok: true, receipt: '7.1795628713.abc' })))).toEqual(
      {
        kind: 'ok',
        receipt: '7.1795628713.abc',
      },
    );
    const query = outcomeQuery({
      ok: false,
      status: 422,
      fields: ['description', 'firstName', 'attachments'],
      draft: 'A'.repeat(32),
    });
    expect(readOutcome(new URLSearchParams(query))).toEqual({
      kind: 'error',
      status: 422,
      message: 'Données invalides. Vérifiez vos informations.',
      fields: ['firstName', 'description', 'attachments'],
      draft: 'A'.repeat(32),
    });
  });

  it('shows only our own messages: text, unknown fields and odd statuses in a crafted link are ignored', () => {
    const crafted = new URLSearchParams(
      'envoi=erreur&statut=200&champs=evil,email&message=Appelez+le+000&brouillon=court',
    );
    expect(readOutcome(crafted)).toEqual({
      kind: 'error',
      status: 500,
      message: "Une erreur s'est produite. Veuillez réessayer.",
      fields: ['email'],
      draft: null,
    });
    expect(readOutcome(new URLSearchParams('envoi=autre'))).toBeNull();
    expect(readOutcome(new URLSearchParams(''))).toBeNull();
  });
});

describe('budget options', () => {
  it('show the indicative euro amounts beside the stored values, which are what the form sends', () => {
    expect(BUDGETS.map(budgetLabel).map((label) => label.replace(/[\u202f\u00a0]/g, ' '))).toEqual([
      'Moins de 5M FCFA (moins de 7 622 €)',
      '5M - 10M FCFA (≈ 7 622 – 15 245 €)',
      '10M - 25M FCFA (≈ 15 245 – 38 112 €)',
      '25M - 50M FCFA (≈ 38 112 – 76 225 €)',
      '50M - 100M FCFA (≈ 76 225 – 152 449 €)',
      'Plus de 100M FCFA (plus de 152 449 €)',
    ]);
  });
});
