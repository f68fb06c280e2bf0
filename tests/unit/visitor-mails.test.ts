import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { contactClientMail, contactStaffMail } from '#server/features/mail/contact-message-mails';
import { submissionClientMail, submissionStaffMail } from '#server/features/mail/submission-mails';
import { trackingLinkMail } from '#server/features/mail/tracking-mails';
import { greeting, visitorName } from '#server/features/mail/visitor-name';

/**
 * The mails sent to a visitor's address quote nothing they typed but a short name
 * (docs/product-rules.md, "E-mails about a request" and "Contact form"); the staff's mails
 * keep every word.
 */

const config = loadConfig({
  JWT_SECRET: 'x'.repeat(40),
  STORAGE_DIR: '/tmp/edifier-unused',
  APP_URL: 'http://site.test',
});
const deps = { config };
const PHISHING = 'https://evil.example/login';
const LONG_SUBJECT = `Régularisez votre compte ${'immédiatement '.repeat(12)}`.trim();
const LONG_NAME = 'Service client de la banque centrale des États de l’Afrique';

const message = {
  id: 3,
  reference: 'MSG-2026-00007',
  name: 'Service client',
  email: 'target@example.com',
  phone: null,
  subject: LONG_SUBJECT,
  message: `Régularisez : ${PHISHING}`,
  created_at: '2026-03-02 08:00:00',
};

const submission = {
  id: 12,
  reference: 'EDF-2026-00042',
  first_name: LONG_NAME,
  last_name: 'Houénou',
  email: 'target@example.com',
  phone: '+229 01 97 12 34 56',
  company: null,
  project_title: LONG_SUBJECT,
  project_type: 'Construction résidentielle',
  location: `Voir ${PHISHING}`,
  budget: '25M - 50M FCFA',
  description: `Connectez-vous sur ${PHISHING} pour confirmer.`,
  start_date: '2027-03-15',
  tracking_url: 'http://site.test/suivi/AbCdEfGhIjKlMnOpQrStUvWxYz012345',
};
const attachments = [{ original_name: `${PHISHING}.pdf`, size: 850 }];

const everything = (mail: { subject: string; html: string; text: string }) =>
  `${mail.subject}\n${mail.html}\n${mail.text}`;

describe('mails to a visitor’s address', () => {
  it('confirm a contact message without its subject nor its message; the staff read both', () => {
    const client = everything(contactClientMail(message, deps));
    expect(client).not.toContain('evil.example');
    expect(client).not.toContain('Régularisez');
    expect(client).toContain('MSG-2026-00007');
    expect(client).toContain('Bonjour Service client,');
    const staff = everything(contactStaffMail(message, deps));
    expect(staff).toContain(PHISHING);
    expect(staff).toContain(LONG_SUBJECT);
  });

  it('confirm a project request with its reference and link, without the answers; the staff read them all', () => {
    const mail = submissionClientMail(submission, attachments, deps);
    const client = everything(mail);
    expect(client).not.toContain('evil.example');
    expect(client).not.toContain('Régularisez');
    expect(client).not.toContain('25M - 50M FCFA');
    expect(client).toContain('EDF-2026-00042');
    expect(client).toContain(submission.tracking_url);
    expect(client).toContain('Nous avons reçu 1 pièce jointe.');
    // The name, cut at 40 characters.
    expect(mail.text).toContain('Bonjour Service client de la banque centrale de…,');
    expect(client).not.toContain(LONG_NAME);
    const staff = everything(submissionStaffMail(submission, attachments, deps));
    expect(staff).toContain(LONG_SUBJECT);
    expect(staff).toContain(`Connectez-vous sur ${PHISHING}`);
    expect(staff).toContain(LONG_NAME);
  });

  it('send a tracking link without the project’s title', () => {
    const mail = everything(trackingLinkMail(submission, submission.tracking_url, deps));
    expect(mail).not.toContain('Régularisez');
    expect(mail).toContain('EDF-2026-00042');
    expect(mail).toContain(submission.tracking_url);
  });

  it('shorten a long name and leave out one that reads like an address', () => {
    expect(visitorName('  Awa   Houénou ')).toBe('Awa Houénou');
    expect(Array.from(visitorName('é'.repeat(100)) ?? '')).toHaveLength(40);
    expect(visitorName('😀'.repeat(50))).toBe(`${'😀'.repeat(39)}…`);
    expect(visitorName('J.-P. Agossou')).toBe('J.-P. Agossou');
    for (const address of [PHISHING, 'evil.example', 'www.evil', 'moi@evil.example'])
      expect(greeting(address)).toBe('Bonjour,');
  });
});
