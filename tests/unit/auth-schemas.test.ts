import { describe, expect, it } from 'vitest';
import { loginSchema, profileUpdateSchema, registerSchema, utf8ByteLength } from '#shared/schemas/auth';

/** The shared auth schemas (product rules, Validation; product rules, Security). */

function fieldErrors(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

const profile = { fullName: 'Awa Admin', email: 'awa@edifier.test' };

describe('loginSchema', () => {
  it('trims and lower-cases the e-mail and defaults remember to false', () => {
    expect(loginSchema.parse({ email: '  Awa@Edifier.TEST ', password: ' secret ' })).toEqual({
      email: 'awa@edifier.test',
      password: ' secret ',
      remember: false,
    });
  });

  it('requires both fields with French messages, null included', () => {
    expect(fieldErrors(loginSchema.safeParse({ email: null }))).toEqual({
      email: ["L'adresse email est requise"],
      password: ['Le mot de passe est requis'],
    });
    expect(fieldErrors(loginSchema.safeParse({ email: '   ', password: '' }))).toEqual({
      email: ["L'adresse email est requise"],
      password: ['Le mot de passe est requis'],
    });
  });

  it('refuses an address that is not one, or longer than the column', () => {
    expect(fieldErrors(loginSchema.safeParse({ email: 'awa@', password: 'x' }))).toEqual({
      email: ['Adresse email invalide'],
    });
    const long = `${'a'.repeat(181)}@edifier.bj`;
    expect(long.length).toBe(192);
    expect(fieldErrors(loginSchema.safeParse({ email: long, password: 'x' }))).toEqual({
      email: ['Adresse email invalide'],
    });
  });

  it('accepts only a boolean remember', () => {
    expect(loginSchema.parse({ email: 'a@b.bj', password: 'x', remember: true }).remember).toBe(true);
    expect(fieldErrors(loginSchema.safeParse({ email: 'a@b.bj', password: 'x', remember: 'on' }))).toEqual({
      remember: ["La valeur de 'Se souvenir de moi' est invalide"],
    });
  });
});

describe('profileUpdateSchema', () => {
  it('accepts name and e-mail alone, empty password fields meaning "no change"', () => {
    const parsed = profileUpdateSchema.parse({
      ...profile,
      currentPassword: '',
      newPassword: '',
      confirmPassword: null,
    });
    expect(parsed).toEqual({ fullName: 'Awa Admin', email: 'awa@edifier.test' });
  });

  it('reports every product rules message at once', () => {
    const result = profileUpdateSchema.safeParse({
      fullName: 'Aw',
      email: 'non',
      newPassword: 'Nouveau-1',
      confirmPassword: 'Autre-1',
    });
    expect(fieldErrors(result)).toEqual({
      fullName: ['Le nom complet doit contenir au moins 3 caractères'],
      email: ['Adresse email invalide'],
      currentPassword: ['Le mot de passe actuel est requis pour changer de mot de passe'],
      confirmPassword: ['Les mots de passe ne correspondent pas'],
    });
  });

  it('refuses a confirmation given without a new password', () => {
    expect(fieldErrors(profileUpdateSchema.safeParse({ ...profile, confirmPassword: 'Nouveau-1' }))).toEqual({
      confirmPassword: ['Les mots de passe ne correspondent pas'],
    });
  });

  it('holds a new password to 8 characters and 72 bytes, accented letters counting two bytes', () => {
    const change = (password: string) =>
      profileUpdateSchema.safeParse({
        ...profile,
        currentPassword: 'ancien',
        newPassword: password,
        confirmPassword: password,
      });
    expect(fieldErrors(change('1234567'))).toEqual({
      newPassword: ['Le mot de passe doit contenir au moins 8 caractères'],
    });
    expect(change('12345678').success).toBe(true);
    expect(change('a'.repeat(72)).success).toBe(true);
    expect(change('é'.repeat(36)).success).toBe(true);
    expect(utf8ByteLength('é'.repeat(37))).toBe(74);
    expect(fieldErrors(change('é'.repeat(37))).newPassword?.[0]).toMatch(/72 octets au maximum/);
    expect(change('a'.repeat(73)).success).toBe(false);
  });

  it('answers in French when a password field is not text', () => {
    expect(fieldErrors(profileUpdateSchema.safeParse({ ...profile, currentPassword: 12345678 }))).toEqual({
      currentPassword: ['Mot de passe invalide'],
    });
  });

  it('never trims a password', () => {
    const parsed = profileUpdateSchema.parse({
      ...profile,
      currentPassword: ' ancien ',
      newPassword: ' espace ',
      confirmPassword: ' espace ',
    });
    expect(parsed.newPassword).toBe(' espace ');
    expect(parsed.currentPassword).toBe(' ancien ');
  });
});

describe('registerSchema', () => {
  it("defaults the role to 'admin' and normalises the e-mail", () => {
    expect(
      registerSchema.parse({ name: ' Nadia ', email: 'Nadia@Edifier.test', password: 'Bienvenue-1' }),
    ).toEqual({
      name: 'Nadia',
      email: 'nadia@edifier.test',
      password: 'Bienvenue-1',
      role: 'admin',
    });
  });

  it('refuses any other role', () => {
    expect(
      fieldErrors(
        registerSchema.safeParse({ name: 'Nadia', email: 'n@e.bj', password: 'Bienvenue-1', role: 'editor' }),
      ),
    ).toEqual({
      role: ['Rôle invalide'],
    });
  });
});
