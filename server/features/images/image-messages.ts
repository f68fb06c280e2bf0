import { imageMessages as backOfficeImageMessages } from '#shared/schemas/images';

/**
 * The French answers of the image endpoints. The upload rules are the back office's image
 * rules, so their words are the forms', taken from the one place they are written
 * (shared/schemas/images.ts).
 */
export const imageMessages = {
  required: backOfficeImageMessages.required,
  notAnImage: backOfficeImageMessages.notAnImage,
  oneOnly: 'Une seule image par envoi.',
  kindInvalid: "Type d'image inconnu.",
  // Same words as ImagePathError and /storage: a refused path and an absent file look alike.
  notFound: 'Image introuvable.',
} as const;
