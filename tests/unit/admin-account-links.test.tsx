import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import { Component as ForgotPasswordPage } from '#client/admin/account-links/forgot-password-page';
import { Component as InvitationPage } from '#client/admin/account-links/invitation-page';
import { Component as PasswordResetPage } from '#client/admin/account-links/password-reset-page';
import { loggableUrl } from '#server/http/request-logging';
import { authMessages, linkPasswordSchema } from '#shared/schemas/auth';

// The pages of a staff account's links (docs/product-rules.md, "Staff accounts").

const messagesOf = (values: { token: string; password: string; confirmPassword: string }) => {
  const parsed = linkPasswordSchema.safeParse(values);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the password chosen through a link', () => {
  test('counts bytes as bcrypt does: 72 accented letters are 144 bytes, refused; 36 are 72, accepted', () => {
    const accepted = 'é'.repeat(36);
    const refused = 'é'.repeat(37);
    expect(new TextEncoder().encode(accepted).length).toBe(72);
    expect(messagesOf({ token: 't', password: accepted, confirmPassword: accepted })).toEqual([]);
    expect(messagesOf({ token: 't', password: refused, confirmPassword: refused })).toEqual([
      `password: ${authMessages.passwordTooLong}`,
    ]);
    const ascii = 'a'.repeat(73);
    expect(messagesOf({ token: 't', password: ascii, confirmPassword: ascii })).toEqual([
      `password: ${authMessages.passwordTooLong}`,
    ]);
  });

  test('needs 8 characters and the same confirmation, in French', () => {
    expect(messagesOf({ token: 't', password: 'court', confirmPassword: 'court' })).toEqual([
      `password: ${authMessages.passwordTooShort}`,
    ]);
    expect(messagesOf({ token: 't', password: 'assez long', confirmPassword: 'autre chose' })).toEqual([
      `confirmPassword: ${authMessages.passwordsDoNotMatch}`,
    ]);
  });
});

function render(path: string, pattern: string, Page: () => React.ReactNode): string {
  return renderToString(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={<Page />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the pages as the server first renders them', () => {
  test('an invitation link shows the two password fields, never the token', () => {
    const html = render('/invitation/secret-token-123', '/invitation/:token?', InvitationPage);
    expect(html).toContain('Mot de passe');
    expect(html).toContain('Confirmation');
    expect(html).toContain('Créer mon mot de passe');
    expect(html).not.toContain('secret-token-123');
  });

  test('without its token (the page reloaded once it hid it) the invitation asks for the e-mail link', () => {
    const html = render('/invitation', '/invitation/:token?', InvitationPage);
    expect(html).toContain('ouvrez à nouveau le lien reçu par e-mail');
    expect(html).toContain('l&#x27;administrateur');
    expect(html).not.toContain('Créer mon mot de passe');
  });

  test('a reset link shows the fields; without token, a link to ask for another', () => {
    const html = render('/reinitialiser/secret-token-456', '/reinitialiser/:token?', PasswordResetPage);
    expect(html).toContain('Enregistrer le mot de passe');
    expect(html).not.toContain('secret-token-456');
    const bare = render('/reinitialiser', '/reinitialiser/:token?', PasswordResetPage);
    expect(bare).toContain('href="/mot-de-passe-oublie"');
    expect(bare).toContain('Demander un nouveau lien');
  });

  test('the forgotten-password page asks for an e-mail and leads back to /login', () => {
    const html = render('/mot-de-passe-oublie', '/mot-de-passe-oublie', ForgotPasswordPage);
    expect(html).toContain('Envoyer le lien');
    expect(html).toContain('href="/login"');
  });
});

describe('the access log', () => {
  test('masks the token of an account link, in any spelling, in the path or a parameter', () => {
    expect(loggableUrl('/invitation/AbC123_-x')).toBe('/invitation/[masqué]');
    expect(loggableUrl('/reinitialiser/AbC123_-x?x=1')).toBe('/reinitialiser/[masqué]?x=1');
    expect(loggableUrl('/Invitation%2FAbC123')).toBe('/Invitation/[masqué]');
    expect(loggableUrl('/login?retour=%2Freinitialiser%2FAbC123')).toBe('/login?retour=[masqué]');
    expect(loggableUrl('/mot-de-passe-oublie')).toBe('/mot-de-passe-oublie');
    expect(loggableUrl('/invitation')).toBe('/invitation');
  });
});
