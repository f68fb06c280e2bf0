import { z } from 'zod';

/**
 * Authentication: the schemas the login, profile and account forms use and the server
 * enforces (product rules, Pages and routes, Validation; product rules,
 * Security), and every French message of the auth answers, in one place.
 */
export const authMessages = {
  emailRequired: "L'adresse email est requise",
  emailInvalid: 'Adresse email invalide',
  passwordRequired: 'Le mot de passe est requis',
  // Product rules, Messages and errors: the same answer whether or not the e-mail exists.
  invalidCredentials: 'Identifiants incorrects. Veuillez réessayer.',
  // Product rules, Security: the lockout answer.
  tooManyAttempts: 'Trop de tentatives. Réessayez dans quelques minutes.',
  notAuthenticated: 'Non authentifié. Veuillez vous connecter.',
  tokenExpired: 'Session expirée. Veuillez vous reconnecter.',
  tokenInvalid: "Jeton d'authentification invalide. Veuillez vous reconnecter.",
  sessionRevoked: 'Session révoquée. Veuillez vous reconnecter.',
  loggedOut: 'Déconnexion réussie',
  // Product rules, Validation.
  fullNameTooShort: 'Le nom complet doit contenir au moins 3 caractères',
  fullNameTooLong: 'Le nom complet ne doit pas dépasser 120 caractères',
  currentPasswordRequired: 'Le mot de passe actuel est requis pour changer de mot de passe',
  currentPasswordRequiredForEmail: "Le mot de passe actuel est requis pour changer d'adresse e-mail",
  passwordsDoNotMatch: 'Les mots de passe ne correspondent pas',
  currentPasswordWrong: 'Le mot de passe actuel est incorrect',
  // Product rules, Security: 8 to 72 bytes (bcrypt reads no further than 72 bytes).
  passwordTooShort: 'Le mot de passe doit contenir au moins 8 caractères',
  passwordTooLong:
    'Le mot de passe est trop long : 72 octets au maximum (une lettre accentuée compte pour 2).',
  emailTaken: 'Cette adresse email est déjà utilisée par un autre compte.',
  profileUpdated: 'Profil mis à jour',
  nameTooShort: 'Le nom doit contenir au moins 3 caractères',
  nameTooLong: 'Le nom ne doit pas dépasser 120 caractères',
  roleInvalid: 'Rôle invalide',
  passwordInvalid: 'Mot de passe invalide',
  rememberInvalid: "La valeur de 'Se souvenir de moi' est invalide",
} as const;

/** The lengths of the users columns (docs/data-model.md): MySQL refuses an overflow. */
export const EMAIL_MAX = 190;
export const NAME_MAX = 120;
export const PASSWORD_MIN_CHARACTERS = 8;
export const PASSWORD_MAX_BYTES = 72;

/** UTF-8 length, the measure bcrypt applies (isomorphic: no Buffer in the browser). */
export function utf8ByteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** E-mails are compared trimmed and lower-cased everywhere (lockout key, uniqueness). */
const email = z
  .string({ error: authMessages.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, authMessages.emailRequired)
  .pipe(z.email(authMessages.emailInvalid).max(EMAIL_MAX, authMessages.emailInvalid));

/** An account's name: at least 3 characters (product rules, Limits and constants), at most the column's 120. */
const personName = (tooShort: string, tooLong: string) =>
  z.string({ error: tooShort }).trim().min(3, tooShort).max(NAME_MAX, tooLong);

/**
 * A new password: at least 8 characters (so at least 8 bytes) and at most 72 bytes, the
 * product rules' range. Never trimmed: spaces are part of a password.
 */
const newPassword = z
  .string({ error: authMessages.passwordRequired })
  .min(PASSWORD_MIN_CHARACTERS, authMessages.passwordTooShort)
  .refine((value) => utf8ByteLength(value) <= PASSWORD_MAX_BYTES, authMessages.passwordTooLong);

/** Forms send '' (and some clients null) for a field left empty: both mean "not given". */
const optionalPassword = z
  .string({ error: authMessages.passwordInvalid })
  .nullish()
  .transform((value) => (value ? value : undefined));

export const loginSchema = z.object({
  email,
  password: z.string({ error: authMessages.passwordRequired }).min(1, authMessages.passwordRequired),
  // 'Se souvenir de moi' (product rules: 30 days instead of 8 hours).
  remember: z.boolean({ error: authMessages.rememberInvalid }).optional().default(false),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * Product rules, Validation: the password fields are optional, but a new password needs
 * the current one and a matching confirmation. Cross-field rules run even when a field
 * rule failed, so the form shows every message at once.
 */
export const profileUpdateSchema = z
  .object({
    fullName: personName(authMessages.fullNameTooShort, authMessages.fullNameTooLong),
    email,
    currentPassword: optionalPassword,
    newPassword: optionalPassword,
    confirmPassword: optionalPassword,
  })
  .superRefine((value, ctx) => {
    if (value.newPassword === undefined) {
      if (value.confirmPassword !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['confirmPassword'],
          message: authMessages.passwordsDoNotMatch,
        });
      }
      return;
    }
    const strength = newPassword.safeParse(value.newPassword);
    if (!strength.success) {
      for (const issue of strength.error.issues) {
        ctx.addIssue({ code: 'custom', path: ['newPassword'], message: issue.message });
      }
    }
    if (value.currentPassword === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: authMessages.currentPasswordRequired,
      });
    }
    if (value.confirmPassword !== value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: authMessages.passwordsDoNotMatch });
    }
  });
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/**
 * Roles a new account may receive. Only 'admin': the product rules give every write to
 * administrators and no other role any right, so another role would only create accounts
 * that can sign in and do nothing. The users.role column stays free text for later roles.
 */
export const ACCOUNT_ROLES = ['admin'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** POST /auth/register, by a signed-in administrator only (product rules: no public sign-up). */
export const registerSchema = z.object({
  name: personName(authMessages.nameTooShort, authMessages.nameTooLong),
  email,
  password: newPassword,
  role: z.enum(ACCOUNT_ROLES, { error: authMessages.roleInvalid }).optional().default('admin'),
});
export type RegisterInput = z.infer<typeof registerSchema>;
