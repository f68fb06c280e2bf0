import { describe, expect, it } from 'vitest';
import { apiErrorOf } from '#client/lib/api-client';
import { readRefusal } from '#client/lib/read-refusal';

/**
 * How the public forms read a refusal (client/lib/use-public-form.ts): the server's own
 * message as it wrote it, and its `errors` on the form's own fields only.
 */
describe('readRefusal', () => {
  const refusal = apiErrorOf(422, {
    message: 'Données invalides',
    errors: { email: ['Adresse e-mail invalide', 'Trop long'], website: ['?'] },
  });

  it('keeps the messages of the form’s fields, all of them joined or the first', () => {
    expect(readRefusal(refusal, ['name', 'email'])).toEqual({
      message: 'Données invalides',
      errors: { email: 'Adresse e-mail invalide Trop long' },
    });
    expect(readRefusal(refusal, ['email'], 'first').errors).toEqual({ email: 'Adresse e-mail invalide' });
  });

  it('has no server message when the answer said none (a proxy’s page)', () => {
    expect(readRefusal(apiErrorOf(502, '<html>Bad gateway</html>'), ['email'])).toEqual({
      message: undefined,
      errors: {},
    });
    expect(apiErrorOf(429, { message: 'Trop de messages.' })).toMatchObject({
      status: 429,
      message: 'Trop de messages.',
      serverMessage: 'Trop de messages.',
    });
  });
});
