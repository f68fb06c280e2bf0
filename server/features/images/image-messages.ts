import { offerMessages } from '#shared/schemas/offer';

/**
 * The French answers of the image endpoints. The upload rules are the back office's image
 * rules (spec section 5, "Admin offer"; section 9, "Offer image"), so their words are the
 * offer form's, taken from the one place they are written.
 */
export const imageMessages = {
  required: offerMessages.imageRequired,
  notAnImage: offerMessages.imageNotAnImage,
  oneOnly: 'Une seule image par envoi.',
  kindInvalid: "Type d'image inconnu.",
  // Same words as ImagePathError and /storage: a refused path and an absent file look alike.
  notFound: 'Image introuvable.',
} as const;
