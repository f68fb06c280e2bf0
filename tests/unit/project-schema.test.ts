import { describe, expect, it } from 'vitest';
import { listValues, parseFormDate } from '#shared/schemas/fields';
import {
  projectImageChangesSchema,
  projectImageDescription,
  projectSchema,
  projectUpdateSchema,
} from '#shared/schemas/project';

/** The shared project schemas (product rules, States and Validation; product rules on categories and images). */

function fieldErrors(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? [])
    (errors[String(issue.path[0] ?? '')] ??= []).push(issue.message);
  return errors;
}

const project = {
  title: 'Villa R+1',
  numéro: 'PRJ-001',
  date: '2025-03-14',
  status: 'En attente',
  description: 'Construction d’une villa R+1.',
  categories: ['Résidentiel'],
};

describe('parseFormDate', () => {
  it.each([
    ['2024-11-15', '2024-11-15'],
    ['15/11/2024', '2024-11-15'],
    ['2/9/2024', '2024-09-02'],
    [' 29/02/2024 ', '2024-02-29'],
  ])('reads %j as %s (day/month/year)', (text, day) => {
    expect(parseFormDate(text)).toBe(day);
  });

  it.each([
    '31/02/2024',
    '2023-02-29',
    '2024-13-01',
    '11/15/2024',
    '15-11-2024',
    '2024/11/15',
    '0099-01-01',
    '',
  ])('refuses %j', (text) => {
    expect(parseFormDate(text)).toBeNull();
  });
});

describe('listValues', () => {
  it('reads every shape a list field arrives in', () => {
    const sparse: string[] = [];
    sparse[0] = 'a';
    sparse[3] = 'b';
    expect(listValues(sparse)).toEqual(['a', 'b']);
    expect(listValues({ x: 'a', y: 'b' })).toEqual(['a', 'b']);
    expect(listValues('a')).toEqual(['a']);
    expect(listValues('["a","b"]')).toEqual(['a', 'b']);
    expect(listValues('  ')).toEqual([]);
    expect(listValues(undefined)).toEqual([]);
  });
});

describe('projectSchema', () => {
  it('reads a complete form: dates day/month/year, categories deduplicated, blank optional texts null', () => {
    expect(
      projectSchema.parse({
        ...project,
        date: '14/03/2025',
        categories: ['Clôture', ' Clôture ', 'Paysager'],
        challenges: ' ',
      }),
    ).toEqual({
      ...project,
      categories: ['Clôture', 'Paysager'],
      long_description: null,
      challenges: null,
      materials: null,
    });
  });

  it('gives every rule of the form its French message', () => {
    expect(
      fieldErrors(projectSchema.safeParse({ numéro: 'P1', date: '31/02/2024', categories: [] })),
    ).toEqual({
      title: ['Le titre doit contenir au moins 3 caractères'],
      numéro: ['Le numéro du projet doit contenir au moins 3 caractères'],
      date: ['La date est invalide (AAAA-MM-JJ ou JJ/MM/AAAA)'],
      status: ['Veuillez sélectionner un statut'],
      description: ['La description doit contenir au moins 10 caractères'],
      categories: ['Au moins une catégorie est requise'],
    });
    expect(fieldErrors(projectSchema.safeParse({ ...project, date: '' }))).toEqual({
      date: ['La date est requise'],
    });
  });

  it.each(['En attente', 'En cours', 'Complété', 'Annulé'])('accepts the status %s', (status) => {
    expect(projectSchema.parse({ ...project, status }).status).toBe(status);
  });

  it('offers the five categories of the product rules plus Clôture, nothing else', () => {
    const all = ['Résidentiel', 'Commercial', 'Institutionnel', 'Industriel', 'Paysager', 'Clôture'];
    expect(projectSchema.parse({ ...project, categories: all }).categories).toEqual(all);
    expect(
      fieldErrors(projectSchema.safeParse({ ...project, categories: ['Résidentiel', 'Hôtelier'] })),
    ).toEqual({
      categories: [
        'Catégorie inconnue : choisissez parmi Résidentiel, Commercial, Institutionnel, Industriel, Paysager, Clôture',
      ],
    });
  });

  it('has an update schema that keeps absent fields absent', () => {
    expect(projectUpdateSchema.parse({})).toEqual({});
    expect(fieldErrors(projectUpdateSchema.safeParse({ categories: '' }))).toEqual({
      categories: ['Au moins une catégorie est requise'],
    });
  });
});

describe('images of a project', () => {
  it('requires a non-blank description of at most 500 characters', () => {
    expect(projectImageDescription.parse('  Rendu 3D ')).toBe('Rendu 3D');
    for (const value of ['   ', undefined]) {
      expect(projectImageDescription.safeParse(value).error?.issues[0]?.message).toBe(
        'Une description est requise pour chaque image/rendu ajouté',
      );
    }
    expect(projectImageDescription.safeParse('x'.repeat(501)).error?.issues[0]?.message).toBe(
      'Une description ne doit pas dépasser 500 caractères',
    );
  });

  it('reads removals and description edits as multipart (sparse arrays) and JSON (objects) send them', () => {
    const descriptions: string[] = [];
    descriptions[12] = 'Façade corrigée';
    expect(
      projectImageChangesSchema.parse({ removeImageIds: ['3', '4', '3'], imageDescriptions: descriptions }),
    ).toEqual({
      removeImageIds: [3, 4],
      imageDescriptions: [{ id: 12, description: 'Façade corrigée' }],
    });
    expect(projectImageChangesSchema.parse({ removeImageIds: 7, imageDescriptions: { '5': 'Vue' } })).toEqual(
      {
        removeImageIds: [7],
        imageDescriptions: [{ id: 5, description: 'Vue' }],
      },
    );
    expect(projectImageChangesSchema.parse({})).toEqual({ removeImageIds: [], imageDescriptions: [] });
  });

  it('refuses ids that are not positive integers and blank edited descriptions', () => {
    expect(
      fieldErrors(
        projectImageChangesSchema.safeParse({
          removeImageIds: ['abc', '0'],
          imageDescriptions: { x: 'Vue', '5': ' ' },
        }),
      ),
    ).toEqual({
      removeImageIds: ["Identifiant d'image invalide", "Identifiant d'image invalide"],
      // Object.entries lists integer keys first: '5' before 'x'.
      imageDescriptions: [
        'Une description est requise pour chaque image/rendu ajouté',
        "Identifiant d'image invalide",
      ],
    });
  });
});
