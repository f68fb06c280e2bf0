import type { Request } from 'express';
import {
  PROJECT_IMAGES_PER_LIST_MAX,
  projectImageDescription,
  projectMessages,
} from '#shared/schemas/project';
import type { FieldErrors } from '#server/errors';
import { addError } from '#server/http/form-input';
import { filesOf, type FileField } from '#server/http/uploads';
import { looksLikeImage, type Upload } from '#server/images/admin-images';
import type { ProjectImageKind } from './projects.repository';

/**
 * The files of a project form (product rules, API): `main_image`, and two lists sent as
 * `architecturalRendersImages[]` with `architecturalRendersDescriptions[]` and
 * `projectImagesImages[]` with `projectImagesDescriptions[]`, the n-th description going
 * with the n-th file. Each new file needs a non-blank description (product rules, Validation);
 * a description without a file is not an image and is ignored, as the form never sends one.
 */
export const MAIN_IMAGE_FIELD = 'main_image';

const IMAGE_LISTS = [
  { kind: 'render', files: 'architecturalRendersImages[]', descriptions: 'architecturalRendersDescriptions' },
  { kind: 'project', files: 'projectImagesImages[]', descriptions: 'projectImagesDescriptions' },
] as const satisfies readonly { kind: ProjectImageKind; files: string; descriptions: string }[];

/** The answer for an image list sent too many files. */
const TOO_MANY = { field: 'images', message: projectMessages.tooManyImages };

/** The multipart parser's file fields for a project form. */
export const PROJECT_FILE_FIELDS: FileField[] = [
  {
    name: MAIN_IMAGE_FIELD,
    maxCount: 1,
    tooMany: { field: MAIN_IMAGE_FIELD, message: projectMessages.mainImageTooMany },
  },
  ...IMAGE_LISTS.map((list) => ({
    name: list.files,
    maxCount: PROJECT_IMAGES_PER_LIST_MAX,
    tooMany: TOO_MANY,
  })),
];

/** Field names in error maps carry no brackets: `architecturalRendersImages`. */
const errorField = (files: string) => files.replace(/\[\]$/, '');

export interface NewProjectImage {
  kind: ProjectImageKind;
  upload: Upload;
  description: string;
}

export interface ProjectUploads {
  main: Upload | null;
  images: NewProjectImage[];
  /** Missing descriptions and files whose bytes are not an image, by field. */
  errors: FieldErrors;
}

/**
 * The n-th value of a list field as the multipart parser built it: an array for
 * `name[]` and `name[n]`, an object for other bracket keys, a string for a lone `name`.
 */
function nth(value: unknown, index: number): unknown {
  if (Array.isArray(value)) return value[index];
  if (typeof value === 'string') return index === 0 ? value : undefined;
  if (value && typeof value === 'object') return (value as Record<string, unknown>)[String(index)];
  return undefined;
}

export async function readProjectUploads(req: Request): Promise<ProjectUploads> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const [mainFile] = filesOf(req, MAIN_IMAGE_FIELD);
  if (mainFile && !(await looksLikeImage(mainFile)))
    addError(errors, MAIN_IMAGE_FIELD, projectMessages.imageNotAnImage);

  const images: NewProjectImage[] = [];
  for (const list of IMAGE_LISTS) {
    const field = errorField(list.files);
    for (const [index, file] of filesOf(req, list.files).entries()) {
      if (!(await looksLikeImage(file))) addError(errors, field, projectMessages.imageNotAnImage);
      const description = projectImageDescription.safeParse(nth(body[list.descriptions], index));
      if (!description.success) {
        for (const issue of description.error.issues) addError(errors, list.descriptions, issue.message);
        continue;
      }
      images.push({ kind: list.kind, upload: { file, field }, description: description.data });
    }
  }
  return { main: mainFile ? { file: mainFile, field: MAIN_IMAGE_FIELD } : null, images, errors };
}
