import { describe, expect, test } from 'vitest';
import { schemaErrors, serverErrors } from '#client/admin/kit/form-errors';
import { profileUpdateSchema } from '#shared/schemas/auth';
import { categorySchema } from '#shared/schemas/category';

// The back-office forms show the SHARED schemas' French messages beside each field, and a
// server 422's errors on the same fields.

describe('schemaErrors', () => {
  test('gives each field the first message of the shared schema', () => {
    const parsed = categorySchema.safeParse({ name: 'Ab', description: '' });
    expect(parsed.success).toBe(false);
    if (parsed.success) throw new Error('the schema accepted the form');
    expect(schemaErrors(parsed.error)).toEqual({
      name: 'Le nom doit contenir au moins 3 caractères',
      description: 'La description doit contenir au moins 10 caractères',
    });
  });

  test('puts cross-field rules on the field they name (profile: current password, confirmation)', () => {
    const parsed = profileUpdateSchema.safeParse({
      fullName: 'Awa',
      email: 'a@b.bj',
      currentPassword: '',
      newPassword: 'nouveau-mdp',
      confirmPassword: 'autre',
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) throw new Error('the schema accepted the form');
    expect(schemaErrors(parsed.error)).toEqual({
      currentPassword: 'Le mot de passe actuel est requis pour changer de mot de passe',
      confirmPassword: 'Les mots de passe ne correspondent pas',
    });
  });
});

describe('serverErrors', () => {
  test('maps a 422 errors map onto the same keys, joining several messages', () => {
    expect(
      serverErrors({
        name: ['Une catégorie porte déjà ce nom.'],
        'specifications.0.name': ['a', 'b'],
        empty: [],
      }),
    ).toEqual({
      name: 'Une catégorie porte déjà ce nom.',
      'specifications.0.name': 'a b',
    });
    expect(serverErrors(undefined)).toEqual({});
  });
});
