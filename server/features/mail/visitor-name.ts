/**
 * The one thing a visitor typed that their own mails quote back: their name, in the
 * greeting. Those mails go to an address nobody has verified, from the company's address
 * (docs/product-rules.md, "E-mails about a request"): quoting a subject, a message or a
 * title would let anyone send a stranger a text of their choosing, a phishing link among
 * others, signed by the company. The name is cut short, and left out when it reads like
 * an address, so that even it cannot carry one.
 */
export const VISITOR_NAME_MAX = 40;

/** Something a mail client would turn into a link, or an address: `://`, `www.`, `@`, `exemple.com`. */
const LOOKS_LIKE_ADDRESS = /:\/\/|www\.|@|[\p{L}\p{N}-]\.[\p{L}]{2,}/iu;

/** The name as a visitor's mail writes it; null when it must not be quoted at all. */
export function visitorName(name: string): string | null {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (!trimmed || LOOKS_LIKE_ADDRESS.test(trimmed)) return null;
  const characters = Array.from(trimmed);
  return characters.length > VISITOR_NAME_MAX
    ? `${characters
        .slice(0, VISITOR_NAME_MAX - 1)
        .join('')
        .trimEnd()}…`
    : trimmed;
}

/** 'Bonjour Awa,', or 'Bonjour,' when the name cannot be quoted. */
export function greeting(name: string): string {
  const quoted = visitorName(name);
  return quoted ? `Bonjour ${quoted},` : 'Bonjour,';
}
