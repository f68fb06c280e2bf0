/** `tel:` link of a displayed number ('+229 01 97 12 34 56' → 'tel:+2290197123456'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** `mailto:` link, with a subject line prefilled when given. */
export function mailtoHref(email: string, subject?: string): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
}

/**
 * A phone number as shown: its spaces made non-breaking, so '+229 01 97 12 34 56' never
 * breaks across two lines of a narrow footer (html-validate's tel-non-breaking).
 */
export function phoneText(phone: string): string {
  return phone.replace(/ /g, '\u00a0');
}
