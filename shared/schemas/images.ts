/**
 * The back office's image messages, one set for every form that takes an image (offers,
 * products, promotions, projects, the diagnostics upload) and for the server that checks
 * the bytes. The size limit is ADMIN_IMAGE_MAX_BYTES in shared/constants.ts. An image is a
 * file, so it is not a field of the entity schemas; each entity keeps only its own
 * "one image only" message.
 */
export const imageMessages = {
  required: 'Une image est requise.',
  notAnImage: 'Le fichier doit être une image (JPEG, PNG, etc.)',
  tooLarge: "L'image est trop volumineuse. La taille maximale est de 2MB.",
} as const;
