import { DEFAULT_PROJECT_STATUS } from '#shared/constants';
import { projectImageDescription, projectMessages, type ProjectInput } from '#shared/schemas/project';
import type { ProjectDetail, ProjectImage } from '#shared/types';
import type { FieldMessages } from '#client/admin/kit';
import {
  appendPublication,
  NEW_PUBLICATION,
  publicationToValues,
  type PublicationValues,
} from '#client/admin/kit/publication-values';

/**
 * The project form's values (product rules, Entities and Validation) and the multipart
 * body built from them. Pure: the page, its widgets and the unit tests share it.
 *
 * Files live in the values so that dirty tracking sees them; a draft drops them (they
 * cannot be stored), but keeps each file's name, so a restored draft can tell the
 * administrator which images to choose again.
 */

/** A render or project image added in this form: sent only with a file and a description. */
export interface NewImageRow {
  /** Stable React key (rows can be removed from the middle). */
  key: string;
  /** Undefined once a draft restored the row: files are not kept in drafts. */
  file?: File | null;
  /** The chosen file's name; survives in the draft when the file does not. */
  fileName: string;
  description: string;
}

/** A render or project image already stored (edit form): its description and a remove toggle. */
export interface StoredImageRow {
  id: number;
  image: string;
  description: string;
  /** The stored description: only changed ones are sent. */
  savedDescription: string;
  remove: boolean;
}

export interface ProjectFormValues {
  [key: string]: unknown;
  title: string;
  numéro: string;
  date: string;
  status: string;
  description: string;
  categories: string[];
  long_description: string;
  challenges: string;
  materials: string;
  /** A newly chosen main image. */
  main_image?: File | null;
  main_image_name: string;
  /** The stored main image path; '' once the administrator removed it (or on creation). */
  current_main_image: string;
  renders: NewImageRow[];
  photos: NewImageRow[];
  storedRenders: StoredImageRow[];
  storedPhotos: StoredImageRow[];
  publication: PublicationValues['publication'];
  publish_at: string;
}

/** The two image lists: value names, the multipart fields of product rules, API, the 422 keys. */
export const IMAGE_LISTS = {
  renders: {
    stored: 'storedRenders',
    files: 'architecturalRendersImages[]',
    descriptions: 'architecturalRendersDescriptions[]',
    errorKeys: ['architecturalRendersImages', 'architecturalRendersDescriptions'],
  },
  photos: {
    stored: 'storedPhotos',
    files: 'projectImagesImages[]',
    descriptions: 'projectImagesDescriptions[]',
    errorKeys: ['projectImagesImages', 'projectImagesDescriptions'],
  },
} as const;
export type ImageListName = keyof typeof IMAGE_LISTS;

export function emptyProjectValues(): ProjectFormValues {
  return {
    title: '',
    numéro: '',
    date: '',
    status: DEFAULT_PROJECT_STATUS,
    description: '',
    categories: [],
    long_description: '',
    challenges: '',
    materials: '',
    main_image: null,
    main_image_name: '',
    current_main_image: '',
    renders: [],
    photos: [],
    storedRenders: [],
    storedPhotos: [],
    ...NEW_PUBLICATION,
  };
}

const storedRow = (image: ProjectImage): StoredImageRow => ({
  id: image.id,
  image: image.image,
  description: image.description,
  savedDescription: image.description,
  remove: false,
});

/** The edit form's values for a project read from GET /projects/{id}. */
export function projectValues(project: ProjectDetail): ProjectFormValues {
  return {
    ...emptyProjectValues(),
    title: project.title,
    numéro: project.numéro,
    date: project.date,
    status: project.status,
    description: project.description,
    categories: [...project.categories],
    long_description: project.long_description ?? '',
    challenges: project.challenges ?? '',
    materials: project.materials ?? '',
    current_main_image: project.main_image ?? '',
    storedRenders: project.architectural_renders.map(storedRow),
    storedPhotos: project.project_images.map(storedRow),
    ...publicationToValues(project),
  };
}

let rowSeed = 0;
export function newImageRow(): NewImageRow {
  rowSeed += 1;
  return { key: `row-${Date.now().toString(36)}-${rowSeed}`, file: null, fileName: '', description: '' };
}

/** Product rules, States: choosing a selected category removes it. */
export function toggleCategory(categories: readonly string[], category: string): string[] {
  return categories.includes(category)
    ? categories.filter((item) => item !== category)
    : [...categories, category];
}

const hasFile = (row: NewImageRow): row is NewImageRow & { file: File } => row.file instanceof Blob;

/** Error keys of a row's controls (the first invalid one gets the focus). */
export const rowErrorKey = (list: ImageListName, index: number) => `${list}.${index}.description`;
export const storedErrorKey = (list: ImageListName, id: number) => `${list}.stored.${id}`;

/**
 * What the shared schema cannot check because it holds no files (product rules, Validation): the main
 * image (a new file or the stored one), a description for each new image, and a non-blank
 * description for each stored image kept (the server's rule for `imageDescriptions`).
 */
export function validateProjectImages(values: ProjectFormValues): FieldMessages {
  const errors: FieldMessages = {};
  if (!(values.main_image instanceof Blob) && !values.current_main_image)
    errors.main_image = projectMessages.mainImageRequired;
  for (const list of Object.keys(IMAGE_LISTS) as ImageListName[]) {
    values[list].forEach((row, index) => {
      if (hasFile(row) && !projectImageDescription.safeParse(row.description).success) {
        errors[rowErrorKey(list, index)] = projectMessages.imageDescriptionRequired;
      }
    });
    for (const row of values[IMAGE_LISTS[list].stored]) {
      const checked = projectImageDescription.safeParse(row.description);
      if (!row.remove && !checked.success)
        errors[storedErrorKey(list, row.id)] = checked.error.issues[0]?.message;
    }
  }
  return errors;
}

/**
 * The multipart body of product rules, API. Only new images with a file and a non-blank
 * description are sent; on an edit, `_method=PUT`, the stored images removed
 * (`removeImageIds[]`) and the descriptions changed (`imageDescriptions[id]`). The main
 * image is sent only when a new file replaces it.
 */
export function projectFormData(data: ProjectInput, values: ProjectFormValues, editing: boolean): FormData {
  const body = new FormData();
  if (editing) body.append('_method', 'PUT');
  body.append('title', data.title);
  body.append('numéro', data.numéro);
  body.append('date', data.date);
  body.append('status', data.status);
  body.append('description', data.description);
  data.categories.forEach((category, index) => body.append(`categories[${index}]`, category));
  // Optional texts: an empty field clears the stored text on an edit.
  for (const name of ['long_description', 'challenges', 'materials'] as const) {
    const text = data[name] ?? '';
    if (editing || text) body.append(name, text);
  }
  if (values.main_image instanceof Blob) body.append('main_image', values.main_image, values.main_image.name);

  for (const list of Object.keys(IMAGE_LISTS) as ImageListName[]) {
    const names = IMAGE_LISTS[list];
    for (const row of values[list]) {
      const description = row.description.trim();
      if (!hasFile(row) || !description) continue;
      body.append(names.files, row.file, row.file.name);
      body.append(names.descriptions, description);
    }
    if (!editing) continue;
    for (const row of values[names.stored]) {
      if (row.remove) body.append('removeImageIds[]', String(row.id));
      else if (row.description.trim() !== row.savedDescription)
        body.append(`imageDescriptions[${row.id}]`, row.description.trim());
    }
  }
  appendPublication(body, values);
  return body;
}

/** Whether a restored draft left chosen files behind (drafts cannot hold files). */
export function filesLostByDraft(values: ProjectFormValues): boolean {
  const lost = (row: NewImageRow) => row.fileName !== '' && !hasFile(row);
  return (
    (values.main_image_name !== '' && !(values.main_image instanceof Blob)) ||
    values.renders.some(lost) ||
    values.photos.some(lost)
  );
}
