import { z } from 'zod';
import { listQueryFields } from '../list-query';
import { ROLES, type Role } from '../roles';
import { skipBlank } from './fields';

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
  stateInvalid: "L'état de compte choisi est invalide.",
  passwordInvalid: 'Mot de passe invalide',
  rememberInvalid: "La valeur de 'Se souvenir de moi' est invalide",
  // Staff accounts (docs/product-rules.md, "Staff accounts").
  accountDeactivated: 'Ce compte est désactivé. Veuillez vous reconnecter.',
  activeInvalid: "La valeur de 'actif' est invalide",
  nothingToChange: 'Indiquez un rôle ou un état (actif ou non).',
  userNotFound: 'Utilisateur introuvable',
  lastAdmin: "Impossible : c'est le dernier administrateur actif. Nommez d'abord un autre administrateur.",
  alreadyAccepted: 'Ce compte a déjà accepté son invitation : il se connecte avec son mot de passe.',
  userInvited: 'Invitation envoyée.',
  invitationResent: 'Invitation renvoyée : le lien précédent ne fonctionne plus.',
  userUpdated: 'Utilisateur mis à jour',
  deactivatedNoInvitation: "Ce compte est désactivé : réactivez-le avant de renvoyer l'invitation.",
  invitationGone: "Ce lien d'invitation n'est plus valable. Demandez-en un nouveau.",
  resetGone: "Ce lien de réinitialisation n'est plus valable. Demandez-en un nouveau.",
  forgotAnswer: "Si un compte existe pour cette adresse, un lien de réinitialisation vient d'y être envoyé.",
  passwordReset:
    'Votre mot de passe a été modifié et vos sessions ouvertes ont été fermées. Vous pouvez maintenant vous connecter.',
  tooManyLinkRequests: 'Trop de demandes. Réessayez dans quelques minutes.',
  tokenRequired: 'Le lien est incomplet.',
  pageInvalid: 'La page doit être un nombre entier positif.',
  perPageInvalid: 'Le nombre par page doit être compris entre 1 et 100.',
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

/** Roles an account may receive: the four of shared/roles.ts. */
export const ACCOUNT_ROLES = ROLES;
export type AccountRole = Role;
const role = z.enum(ROLES, { error: authMessages.roleInvalid });

/** POST /auth/register, by a signed-in administrator only (product rules: no public sign-up). */
export const registerSchema = z.object({
  name: personName(authMessages.nameTooShort, authMessages.nameTooLong),
  email,
  password: newPassword,
  role: role.optional().default('admin'),
});
export type RegisterInput = z.infer<typeof registerSchema>;

// ---------------------------------------------------------------------------------------
// Staff accounts (docs/product-rules.md, "Staff accounts")
// ---------------------------------------------------------------------------------------

/** POST /admin/users: an invitation (the invited person chooses their password). */
export const userInviteSchema = z.object({
  name: personName(authMessages.nameTooShort, authMessages.nameTooLong),
  email,
  role,
});
export type UserInviteInput = z.infer<typeof userInviteSchema>;

/** PATCH /admin/users/{id}: a role, an active state, or both. */
export const userUpdateSchema = z
  .object({
    role: role.optional(),
    active: z.boolean({ error: authMessages.activeInvalid }).optional(),
  })
  .refine((value) => value.role !== undefined || value.active !== undefined, {
    message: authMessages.nothingToChange,
    path: ['role'],
  });
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** The users' sorts (docs/product-rules.md, "Lists of the back office"): by name by default. */
export const USERS_SORTS = ['name', 'email', 'role', 'created_at', 'last_login_at'] as const;
export type UsersSort = (typeof USERS_SORTS)[number];
/** Where an account stands, as the screen shows it: signs in, invited (no password yet), deactivated. */
export const USER_STATES = ['active', 'invited', 'deactivated'] as const;
export type UserState = (typeof USER_STATES)[number];

/** The users screen's page, the server's default one. */
export const USERS_PAGE_SIZE = 50;

/** GET /api/admin/users: paged, sorted, searched (name, e-mail), filtered by role and state. */
export const usersListQuerySchema = z.object({
  ...listQueryFields({
    sorts: USERS_SORTS,
    defaultSort: 'name',
    perPage: USERS_PAGE_SIZE,
    messages: authMessages,
  }),
  role: z.preprocess(skipBlank, role.optional()),
  state: z.preprocess(skipBlank, z.enum(USER_STATES, { error: authMessages.stateInvalid }).optional()),
});
export type UsersListQuery = z.infer<typeof usersListQuerySchema>;

/**
 * A new password chosen through a link (invitation or reset): the rules of 'Mon Profil'
 * (8 to 72 bytes, a matching confirmation).
 */
const linkToken = z
  .string({ error: authMessages.tokenRequired })
  .min(1, authMessages.tokenRequired)
  .max(200, authMessages.tokenRequired);
export const linkPasswordSchema = z
  .object({ token: linkToken, password: newPassword, confirmPassword: optionalPassword })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== value.password)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: authMessages.passwordsDoNotMatch });
  });
export type LinkPasswordInput = z.infer<typeof linkPasswordSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** A staff account as GET/POST/PATCH /admin/users answer it; dates are ISO strings (UTC). */
export interface StaffUser {
  id: number;
  name: string;
  email: string;
  role: string;
  role_label: string;
  /** Whether the account can sign in: not deactivated and its invitation accepted. */
  active: boolean;
  /** Deactivated by an administrator (an invited account too: its link is then void). */
  deactivated: boolean;
  /** Invited and no password chosen yet. */
  invitation_pending: boolean;
  /** When the current invitation link stops working (null: none pending, or voided). */
  invitation_expires_at: string | null;
  last_login_at: string | null;
  created_at: string;
}
