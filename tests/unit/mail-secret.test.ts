import { describe, expect, it } from 'vitest';
import {
  LINK_PLACEHOLDER,
  MASKED_LINK,
  maskedLink,
  openLink,
  sealLink,
  withLink,
  withoutLink,
} from '#server/features/outbox/mail-secret';

/** The sealed tracking link of a stored mail (docs/decisions/0031-no-secret-in-stored-mail.md). */

const SECRET = 'test-secret-that-is-long-enough-1234567890';
const LINK = 'http://site.test/suivi/AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const TO = 'awa@example.bj';

describe('sealed tracking links', () => {
  it('opens under the same secret and for the same recipients only', () => {
    const sealed = sealLink(SECRET, LINK, TO);
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('AbCdEfGh');
    // A fresh nonce each time: two seals of one link differ.
    expect(sealLink(SECRET, LINK, TO)).not.toBe(sealed);
    expect(openLink(SECRET, sealed, TO)).toBe(LINK);
    expect(openLink(`${SECRET}-autre`, sealed, TO)).toBeNull();
    expect(openLink(SECRET, sealed, 'intrus@example.bj')).toBeNull();
    // One character of the tag changed (the one before the last, whose six bits all count).
    const at = sealed.length - 2;
    const flipped = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(flipped).not.toBe(sealed);
    expect(openLink(SECRET, flipped, TO)).toBeNull();
    expect(openLink(SECRET, 'v1:court', TO)).toBeNull();
    expect(openLink(SECRET, 'v0:retiré', TO)).toBeNull();
  });

  it('puts a placeholder where the link goes, and the link back at send time', () => {
    const mail = { html: `<a href="${LINK}">Suivre</a><p>${LINK}</p>`, text: `Suivre : ${LINK}\n${LINK}` };
    const stored = withoutLink(mail, LINK);
    expect(stored.html).toBe(`<a href="${LINK_PLACEHOLDER}">Suivre</a><p>${LINK_PLACEHOLDER}</p>`);
    expect(stored.text).toBe(`Suivre : ${LINK_PLACEHOLDER}\n${LINK_PLACEHOLDER}`);
    expect(withLink(stored, LINK)).toEqual(mail);
    expect(maskedLink(stored.html)).toBe(`<a href="${MASKED_LINK}">Suivre</a><p>${MASKED_LINK}</p>`);
    // A link mail without its link is refused rather than stored.
    expect(() => withoutLink({ html: '<p>x</p>', text: 'x' }, LINK)).toThrow();
  });
});
