import {
  CONTACT_EMAIL_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_PHONE_INPUT_MAX,
  type ContactFieldKey,
} from '#shared/contact-message-rules';

/**
 * The contact form's fields (docs/product-rules.md, "Contact form"), in the form's order:
 * French labels and fixed ids (the outcome of a post without JavaScript links to them).
 */
export const CONTACT_FIELD_LABELS: Readonly<Record<ContactFieldKey, string>> = {
  name: 'Nom complet',
  email: 'E-mail',
  phone: 'Téléphone',
  subject: 'Sujet',
  message: 'Message',
};

export const CONTACT_MAX_LENGTHS: Readonly<Record<ContactFieldKey, number>> = {
  name: CONTACT_NAME_MAX,
  email: CONTACT_EMAIL_MAX,
  phone: CONTACT_PHONE_INPUT_MAX,
  subject: 40,
  message: CONTACT_MESSAGE_MAX,
};

export const contactFieldId = (key: ContactFieldKey) => `contact-${key}`;

export const CONTACT_CHANNEL_HINT = 'Indiquez au moins l’un des deux : e-mail ou téléphone.';
