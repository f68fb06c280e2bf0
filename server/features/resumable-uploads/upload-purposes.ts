import { ATTACHMENT_MAX_BYTES } from '#shared/schemas/submission';
import { ADMIN_IMAGE_MAX_BYTES } from '#shared/constants';

/**
 * What a resumable upload is for, named by the client in its Upload-Metadata (`purpose`),
 * and the limit of one file of that purpose: the same as the multipart forms' (a
 * submission's attachment, a site update's photo), so that neither way lets more through.
 */
export const UPLOAD_PURPOSES = ['submission', 'site_update'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const PURPOSE_MAX_BYTES: Readonly<Record<UploadPurpose, number>> = {
  submission: ATTACHMENT_MAX_BYTES,
  site_update: ADMIN_IMAGE_MAX_BYTES,
};

export function isUploadPurpose(value: unknown): value is UploadPurpose {
  return typeof value === 'string' && (UPLOAD_PURPOSES as readonly string[]).includes(value);
}

/**
 * The check of a finished upload's bytes, given its name as the client sent it and where a
 * copy of its bytes is: null when accepted, else the French reason naming the file. Given
 * by the features that own the rules (server/app.ts), so this one imports neither.
 */
export type UploadContentCheck = (fileName: string, filePath: string) => Promise<string | null>;

export const uploadMessages = {
  unknownPurpose:
    'Téléversement refusé : précisez son usage (purpose « submission » ou « site_update ») dans ses métadonnées.',
  badMetadata: 'Téléversement refusé : métadonnées (Upload-Metadata) illisibles.',
  lengthRequired:
    'Téléversement refusé : la taille du fichier (Upload-Length) doit être annoncée dès le début.',
  missingName: 'Téléversement refusé : le nom du fichier (filename) manque dans ses métadonnées.',
  tooLarge: (name: string, maxBytes: number) =>
    `Le fichier "${name}" dépasse la limite de ${Math.round(maxBytes / 1024 / 1024)}MB.`,
  idsInvalid: 'Les identifiants de téléversement (upload_ids[]) sont invalides.',
  unknown: (id: string) =>
    `Le téléversement ${id} est introuvable, inachevé ou expiré : envoyez le fichier à nouveau.`,
  alreadyUsed: (name: string) =>
    `Le fichier "${name}" a déjà été joint à une autre demande : envoyez-le à nouveau.`,
  wrongPurpose: (name: string) => `Le fichier "${name}" n'a pas été téléversé pour ce formulaire.`,
} as const;
