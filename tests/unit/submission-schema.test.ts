import { describe, expect, it } from 'vitest';
import {
  BUDGETS,
  PROJECT_TYPES,
  SUBMISSION_STATUS_LABELS,
  attachmentLimitProblem,
  isAcceptedAttachmentName,
  submissionListQuerySchema,
  submissionSchema,
  submissionStatusUpdateSchema,
} from '#shared/schemas/submission';

/** The shared submission schemas (product rules, States, Validation and API; product rules, Security). */

function fieldErrors(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? [])
    (errors[String(issue.path[0] ?? '')] ??= []).push(issue.message);
  return errors;
}

const form = {
  firstName: ' Awa ',
  lastName: 'Houénou',
  email: ' awa@example.bj ',
  phone: '01 97 12 34 56',
  projectTitle: 'Villa',
  projectType: 'Rénovation',
  location: 'Cotonou',
  budget: 'Moins de 5M FCFA',
  description: 'Rénover une maison.',
};

describe('the product rules, Validation options', () => {
  it('lists the six project types, the six budgets and the five status labels', () => {
    expect(PROJECT_TYPES).toEqual([
      'Construction résidentielle',
      'Construction commerciale',
      'Rénovation',
      'Infrastructure',
      'Aménagement paysager',
      'Autre',
    ]);
    expect(BUDGETS).toEqual([
      'Moins de 5M FCFA',
      '5M - 10M FCFA',
      '10M - 25M FCFA',
      '25M - 50M FCFA',
      '50M - 100M FCFA',
      'Plus de 100M FCFA',
    ]);
    expect(SUBMISSION_STATUS_LABELS).toEqual({
      new: 'Nouveau',
      contacted: 'Contacté',
      quoted: 'Devisé',
      approved: 'Approuvé',
      rejected: 'Rejeté',
    });
  });
});

describe('submissionSchema', () => {
  it('trims values, reads optional fields as null and drops unknown ones', () => {
    expect(submissionSchema.parse({ ...form, company: '  ', startDate: '', status: 'approved' })).toEqual({
      ...form,
      firstName: 'Awa',
      email: 'awa@example.bj',
      company: null,
      startDate: null,
    });
  });

  it('reads dd/mm/yyyy as day/month/year and keeps yyyy-mm-dd', () => {
    expect(submissionSchema.parse({ ...form, startDate: '5/3/2027' }).startDate).toBe('2027-03-05');
    expect(submissionSchema.parse({ ...form, startDate: '2027-12-31' }).startDate).toBe('2027-12-31');
    expect(fieldErrors(submissionSchema.safeParse({ ...form, startDate: '2027-02-30' }))).toEqual({
      startDate: ['La date de début est invalide (AAAA-MM-JJ ou JJ/MM/AAAA)'],
    });
  });

  it('names each missing field in French, arrays and blanks included', () => {
    const errors = fieldErrors(submissionSchema.safeParse({ firstName: ['Awa'], lastName: '   ' }));
    expect(errors.firstName).toEqual(['Le prénom est requis']);
    expect(errors.lastName).toEqual(['Le nom est requis']);
    expect(errors.budget).toEqual(['Le budget est requis']);
  });

  it('accepts only the listed project types and budgets', () => {
    const errors = fieldErrors(
      submissionSchema.safeParse({ ...form, projectType: 'rénovation', budget: '5M-10M FCFA' }),
    );
    expect(errors.projectType?.[0]).toMatch(
      /^Type de projet invalide : choisissez parmi Construction résidentielle/,
    );
    expect(errors.budget?.[0]).toMatch(/^Budget invalide : choisissez parmi Moins de 5M FCFA/);
  });

  it('accepts phone numbers of 8 to 15 digits with usual separators', () => {
    for (const phone of ['+229 01 97 12 34 56', '97123456', '+1 (514) 555-0182', '01.97.12.34.56']) {
      expect(submissionSchema.safeParse({ ...form, phone }).success, phone).toBe(true);
    }
    for (const phone of ['1234567', '+229 01 97 12 34 56 78 90', 'WhatsApp svp', '01 97 12 34 56 ext 3']) {
      expect(fieldErrors(submissionSchema.safeParse({ ...form, phone })), phone).toEqual({
        phone: ['Numéro de téléphone invalide'],
      });
    }
  });

  it('refuses values longer than their columns', () => {
    const errors = fieldErrors(
      submissionSchema.safeParse({ ...form, firstName: 'A'.repeat(101), location: 'L'.repeat(191) }),
    );
    expect(errors).toEqual({
      firstName: ['Le prénom ne doit pas dépasser 100 caractères'],
      location: ['La localisation ne doit pas dépasser 190 caractères'],
    });
  });
});

describe('attachment limits', () => {
  const mb10 = 10_485_760;

  it('accepts 10 files of 2.5 MB (25 MB exactly) and refuses the 11th file', () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({ name: `f${i}.pdf`, size: 2_621_440 }));
    expect(attachmentLimitProblem(ten)).toBeNull();
    expect(attachmentLimitProblem([...ten, { name: 'x.pdf', size: 1 }])).toEqual({
      status: 422,
      message: 'Vous pouvez joindre au maximum 10 fichiers.',
    });
  });

  it('names the first file over 10 MB, then checks the total', () => {
    expect(
      attachmentLimitProblem([
        { name: 'ok.pdf', size: mb10 },
        { name: 'Relevé.pdf', size: mb10 + 1 },
      ]),
    ).toEqual({
      status: 413,
      message: 'Le fichier "Relevé.pdf" dépasse la limite de 10MB.',
    });
    expect(
      attachmentLimitProblem(
        [mb10, mb10, 26_214_400 - 2 * mb10 + 1].map((size, i) => ({ name: `${i}.pdf`, size })),
      ),
    ).toEqual({
      status: 413,
      message: 'La taille totale des fichiers dépasse la limite de 25MB.',
    });
  });

  it('knows the accepted extensions, whatever their case', () => {
    for (const name of ['a.pdf', 'b.DOC', 'c.docx', 'd.jpg', 'e.JPEG', 'f.png', 'g.dwg'])
      expect(isAcceptedAttachmentName(name), name).toBe(true);
    for (const name of ['a.exe', 'pdf', '.pdf', 'b.pdf.exe', 'c.gif'])
      expect(isAcceptedAttachmentName(name), name).toBe(false);
  });
});

describe('submissionStatusUpdateSchema', () => {
  it('keeps absent notes and contact method undefined, and reads empty ones as null', () => {
    expect(submissionStatusUpdateSchema.parse({ status: 'quoted' })).toEqual({
      status: 'quoted',
      admin_notes: undefined,
      contact_method: undefined,
      client_message: null,
    });
    expect(
      submissionStatusUpdateSchema.parse({ status: 'new', admin_notes: '  ', contact_method: '' }),
    ).toEqual({
      status: 'new',
      admin_notes: null,
      contact_method: null,
      client_message: null,
    });
  });
});

describe('submissionListQuerySchema', () => {
  it('defaults to page 1 of 15, all statuses, newest first, skipping empty values', () => {
    const defaults = {
      page: 1,
      per_page: 15,
      search: '',
      status: 'all',
      sort_by: 'created_at',
      sort_order: 'desc',
    };
    expect(submissionListQuerySchema.parse({})).toEqual(defaults);
    expect(
      submissionListQuerySchema.parse({ page: '', per_page: ' ', status: '', sort_by: '', sort_order: '' }),
    ).toEqual(defaults);
  });

  it('refuses repeated parameters, fractions and out-of-range pages', () => {
    const errors = fieldErrors(
      submissionListQuerySchema.safeParse({ page: ['1', '2'], per_page: '1.5', search: ['a'] }),
    );
    expect(Object.keys(errors).sort()).toEqual(['page', 'per_page', 'search']);
  });
});
