import { describe, expect, it } from 'vitest';
import { ADMIN_IMAGE_MAX_BYTES } from '#shared/constants';
import { projectSchema, type ProjectInput } from '#shared/schemas/project';
import type { ProjectDetail } from '#shared/types';
import {
  emptyProjectValues,
  filesLostByDraft,
  newImageRow,
  projectFormData,
  projectValues,
  toggleCategory,
  validateProjectImages,
  type ProjectFormValues,
} from '#client/admin/projects/project-form-values';
import { imageFileProblem } from '#client/admin/kit/image-file-problem';

/** The back-office project form's values and the multipart body it sends (product rules, Validation and API; product rules on images). */

const png = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

const stored: ProjectDetail = {
  id: 7,
  title: 'Villa R+1',
  numéro: 'PRJ-007',
  date: '2025-03-14',
  status: 'En cours',
  description: 'Construction d’une villa R+1.',
  categories: ['Résidentiel', 'Clôture'],
  category: 'Résidentiel',
  main_image: 'projects/main.jpg',
  publication: 'published',
  publish_at: null,
  long_description: null,
  challenges: 'Sol sablonneux.',
  materials: null,
  architectural_renders: [
    { id: 11, image: 'projects/r1.jpg', description: 'Façade' },
    { id: 12, image: 'projects/r2.jpg', description: 'Vue côté rue' },
  ],
  project_images: [{ id: 21, image: 'projects/p1.jpg', description: 'Dalle' }],
};

function filled(overrides: Partial<ProjectFormValues> = {}): ProjectFormValues {
  return {
    ...emptyProjectValues(),
    title: 'Villa R+1',
    numéro: 'PRJ-001',
    date: '2025-03-14',
    description: 'Construction d’une villa R+1.',
    categories: ['Résidentiel'],
    main_image: png('main.png'),
    main_image_name: 'main.png',
    ...overrides,
  };
}

const parse = (values: ProjectFormValues): ProjectInput => projectSchema.parse(values);
const entries = (body: FormData) =>
  [...body.entries()].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : `file:${value.name}`,
  ]);

describe('new project values', () => {
  it('start on the product rules defaults: status En attente, no category, no image', () => {
    const values = emptyProjectValues();
    expect(values).toMatchObject({
      status: 'En attente',
      categories: [],
      main_image: null,
      current_main_image: '',
      renders: [],
      photos: [],
    });
  });

  it('choosing a selected category removes it, choosing another adds it', () => {
    expect(toggleCategory(['Résidentiel', 'Clôture'], 'Résidentiel')).toEqual(['Clôture']);
    expect(toggleCategory(['Clôture'], 'Paysager')).toEqual(['Clôture', 'Paysager']);
  });
});

describe('validateProjectImages', () => {
  it('requires the main image when no file is chosen and none is stored', () => {
    expect(validateProjectImages(filled({ main_image: null }))).toEqual({
      main_image: "L'image principale est obligatoire",
    });
    expect(
      validateProjectImages(filled({ main_image: null, current_main_image: 'projects/main.jpg' })),
    ).toEqual({});
  });

  it('requires a non-blank description for an added image only when it has a file', () => {
    const withFile = { ...newImageRow(), file: png('r.png'), fileName: 'r.png', description: '   ' };
    const withoutFile = { ...newImageRow(), description: '' };
    expect(
      validateProjectImages(filled({ renders: [withoutFile, withFile], photos: [{ ...withFile }] })),
    ).toEqual({
      'renders.1.description': 'Une description est requise pour chaque image/rendu ajouté',
      'photos.0.description': 'Une description est requise pour chaque image/rendu ajouté',
    });
  });

  it('requires the description of a stored image that is kept, not of one being removed', () => {
    const values = projectValues(stored);
    values.storedRenders = values.storedRenders.map((row) => ({ ...row, description: ' ' }));
    values.storedRenders[1]!.remove = true;
    expect(validateProjectImages(values)).toEqual({
      'renders.stored.11': 'Une description est requise pour chaque image/rendu ajouté',
    });
  });
});

describe('imageFileProblem', () => {
  it('refuses a file that is not an image and one over 2 MB with the product rules messages', () => {
    expect(imageFileProblem(new File(['x'], 'notes.pdf', { type: 'application/pdf' }))).toBe(
      'Le fichier doit être une image (JPEG, PNG, etc.)',
    );
    expect(imageFileProblem(png('big.png', ADMIN_IMAGE_MAX_BYTES + 1))).toBe(
      "L'image est trop volumineuse. La taille maximale est de 2MB.",
    );
    expect(imageFileProblem(png('ok.png', ADMIN_IMAGE_MAX_BYTES))).toBeUndefined();
  });
});

describe('projectFormData', () => {
  it('creation sends the fields, indexed categories, the main image and only the added images that have a file and a description', () => {
    const values = filled({
      categories: ['Résidentiel', 'Clôture'],
      renders: [
        { ...newImageRow(), file: png('r1.png'), fileName: 'r1.png', description: ' Façade ' },
        { ...newImageRow(), description: 'sans fichier' },
        { ...newImageRow(), file: png('r2.png'), fileName: 'r2.png', description: 'Vue côté rue' },
      ],
      photos: [{ ...newImageRow(), file: png('p1.png'), fileName: 'p1.png', description: 'Dalle' }],
    });
    expect(entries(projectFormData(parse(values), values, false))).toEqual([
      ['title', 'Villa R+1'],
      ['numéro', 'PRJ-001'],
      ['date', '2025-03-14'],
      ['status', 'En attente'],
      ['description', 'Construction d’une villa R+1.'],
      ['categories[0]', 'Résidentiel'],
      ['categories[1]', 'Clôture'],
      ['main_image', 'file:main.png'],
      ['architecturalRendersImages[]', 'file:r1.png'],
      ['architecturalRendersDescriptions[]', 'Façade'],
      ['architecturalRendersImages[]', 'file:r2.png'],
      ['architecturalRendersDescriptions[]', 'Vue côté rue'],
      ['projectImagesImages[]', 'file:p1.png'],
      ['projectImagesDescriptions[]', 'Dalle'],
      // A new project is published as soon as saved (docs/product-rules.md, "Drafts and scheduled publishing").
      ['publication', 'published'],
      ['publish_at', ''],
    ]);
  });

  it('an edit sends _method=PUT, the removed ids, the changed descriptions, and the main image only when replaced', () => {
    const values = projectValues(stored);
    values.title = 'Villa R+2';
    values.storedRenders[0]!.remove = true;
    values.storedRenders[1]!.description = 'Vue depuis la rue';
    const body = entries(projectFormData(parse(values), values, true));
    expect(body).toContainEqual(['_method', 'PUT']);
    expect(body).toContainEqual(['title', 'Villa R+2']);
    expect(body).toContainEqual(['removeImageIds[]', '11']);
    expect(body).toContainEqual(['imageDescriptions[12]', 'Vue depuis la rue']);
    // The unchanged photo and the kept main image are not sent; emptied texts are (they clear).
    expect(body.filter(([name]) => name!.startsWith('imageDescriptions') || name === 'main_image')).toEqual([
      ['imageDescriptions[12]', 'Vue depuis la rue'],
    ]);
    expect(body).toContainEqual(['challenges', 'Sol sablonneux.']);
    expect(body).toContainEqual(['long_description', '']);

    values.main_image = png('nouvelle.png');
    expect(entries(projectFormData(parse(values), values, true))).toContainEqual([
      'main_image',
      'file:nouvelle.png',
    ]);
  });
});

describe('filesLostByDraft', () => {
  it('is true when a restored draft names a chosen file it could not keep', () => {
    expect(filesLostByDraft(filled())).toBe(false);
    expect(filesLostByDraft(filled({ main_image: undefined }))).toBe(true);
    // What a draft gives back: kit/drafts.ts leaves files out of the JSON.
    const withoutFiles = (_key: string, value: unknown) => (value instanceof Blob ? undefined : value);
    const restored = JSON.parse(
      JSON.stringify(
        filled({
          main_image: null,
          main_image_name: '',
          renders: [{ ...newImageRow(), file: png('r.png'), fileName: 'r.png', description: 'x' }],
        }),
        withoutFiles,
      ),
    );
    expect(restored.renders[0]).not.toHaveProperty('file');
    expect(filesLostByDraft(restored)).toBe(true);
  });
});
