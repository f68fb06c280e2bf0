/** `tel:` link of a displayed number ('+229 01 97 12 34 56' → 'tel:+2290197123456'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** `mailto:` link, with a subject line prefilled when given. */
export function mailtoHref(email: string, subject?: string): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
}
