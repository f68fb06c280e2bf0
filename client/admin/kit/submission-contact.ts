import { mailtoHref, telHref } from '#client/lib/contact-links';
import { whatsappLink } from '#shared/whatsapp';

/**
 * Links to reach a visitor from the detail dialog, built from what the visitor typed: only
 * a plain address becomes a mailto:, only digits reach tel: and wa.me, so nothing typed can
 * add headers, parameters or another scheme to a link.
 */

/** The company works in Benin: a number typed without its country code is a Beninese one. */
const LOCAL_COUNTRY_CODE = '229';
/** Beninese numbers have 8 digits, 10 since the 2024 renumbering ('01' in front). */
const LOCAL_LENGTHS = [8, 10];

const PLAIN_ADDRESS = /^[^\s@?#&/\\:;,<>"'()[\]]+@[^\s@?#&/\\:;,<>"'()[\]]+\.[^\s@?#&/\\:;,<>"'()[\]]+$/;

/** The subject carries the reference, so the client's reply files itself under the request. */
export function visitorMailto(email: string, projectTitle: string, reference: string): string | null {
  const address = email.trim();
  const subject = `Votre projet « ${projectTitle} »${reference ? ` (${reference})` : ''}`;
  return PLAIN_ADDRESS.test(address) ? mailtoHref(address, subject) : null;
}

export function visitorTel(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 8 && digits.length <= 15 ? telHref(phone) : null;
}

/** The number in international form, digits only (E.164 without '+'), or null. */
export function internationalDigits(phone: string): string | null {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    // Already international.
  } else if (digits.startsWith('00')) {
    digits = digits.slice(2);
  } else if (LOCAL_LENGTHS.includes(digits.length)) {
    digits = LOCAL_COUNTRY_CODE + digits;
  }
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

export function visitorWhatsapp(phone: string, firstName: string, projectTitle: string): string | null {
  const digits = internationalDigits(phone);
  if (!digits) return null;
  return whatsappLink(
    digits,
    `Bonjour ${firstName}, nous revenons vers vous au sujet de votre projet « ${projectTitle} ».`,
  );
}
