import type { ContactMessage } from '#shared/contact-message-rules';
import { mailtoHref } from '#client/lib/contact-links';
import { whatsappLink } from '#shared/whatsapp';
import { internationalDigits, visitorTel } from '#client/admin/kit/submission-contact';

/**
 * The reply links of a message (docs/product-rules.md, "Messages inbox"), built from what
 * the sender typed: only a plain address becomes a mailto:, only digits reach tel: and
 * wa.me (the same rules as a submission's links).
 */
const PLAIN_ADDRESS = /^[^\s@?#&/\\:;,<>"'()[\]]+@[^\s@?#&/\\:;,<>"'()[\]]+\.[^\s@?#&/\\:;,<>"'()[\]]+$/;

export function replyMailto(message: ContactMessage): string | null {
  const address = message.email?.trim() ?? '';
  return PLAIN_ADDRESS.test(address) ? mailtoHref(address, `Re: ${message.subject_label}`) : null;
}

export function replyTel(message: ContactMessage): string | null {
  return message.phone ? visitorTel(message.phone) : null;
}

export function replyWhatsapp(message: ContactMessage): string | null {
  const digits = message.phone ? internationalDigits(message.phone) : null;
  if (!digits) return null;
  return whatsappLink(
    digits,
    `Bonjour ${message.name}, merci pour votre message (${message.reference}) envoyé depuis notre site. Nous revenons vers vous à ce sujet.`,
  );
}
