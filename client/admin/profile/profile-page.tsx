import { authMessages, profileUpdateSchema } from '#shared/schemas/auth';
import {
  AdminForm,
  adminApi,
  failureText,
  FormActions,
  mergeUser,
  PageHeader,
  replaceToken,
  roleLabel,
  TextField,
  toast,
  useAdminForm,
  useSession,
  type SessionUser,
} from '#client/admin/kit';
import { Avatar } from './avatar';

interface ProfileAnswer {
  message: string;
  user: SessionUser;
  /** Present when the password changed: the old token is revoked (product rules). */
  access_token?: string;
}

const PASSWORDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** 'Mon Profil' (product rules, Pages and routes and States, Validation and Messages and errors). */
export function Component() {
  const session = useSession();
  const user = session.status === 'authenticated' ? session.user : { name: '', email: '', role: '' };

  const form = useAdminForm({
    schema: profileUpdateSchema,
    initialValues: {
      fullName: user.name,
      email: user.email,
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    },
    // Passwords never go to storage, not even a tab's session storage.
    draftExclude: PASSWORDS,
    onSubmit: (data) => adminApi<ProfileAnswer>('/auth/user', { method: 'PUT', json: data }),
    onSuccess: (answer) => {
      if (answer.access_token) replaceToken(answer.access_token);
      mergeUser({ name: answer.user.name, email: answer.user.email });
      toast({
        title: authMessages.profileUpdated,
        description: 'Vos informations ont été mises à jour avec succès.',
      });
      form.load({
        fullName: answer.user.name,
        email: answer.user.email,
        currentPassword: '',
        newPassword: '',
        confirmPassword: '',
      });
    },
    onError: (error) =>
      toast({
        title: 'Erreur',
        description: failureText(error, "Une erreur s'est produite lors de la mise à jour du profil."),
        variant: 'destructive',
      }),
  });

  return (
    <>
      <PageHeader title="Mon Profil" lead="Gérez vos informations personnelles et votre mot de passe." />
      <div className="profile-head">
        <Avatar name={user.name} />
        <div>
          <p className="admin-user-name">{user.name}</p>
          <p className="badge">{roleLabel(user.role)}</p>
        </div>
      </div>
      <AdminForm form={form} label="Mon Profil">
        <div className="form-grid">
          <TextField form={form} name="fullName" label="Nom complet" autoComplete="name" required />
          <TextField form={form} name="email" label="Email" type="email" autoComplete="email" required />
        </div>
        <fieldset className="admin-fieldset">
          <legend>Changer le mot de passe</legend>
          <p className="field-hint">Laissez ces champs vides pour garder votre mot de passe actuel.</p>
          <TextField
            form={form}
            name="currentPassword"
            label="Mot de passe actuel"
            type="password"
            autoComplete="current-password"
          />
          <div className="form-grid">
            <TextField
              form={form}
              name="newPassword"
              label="Nouveau mot de passe"
              type="password"
              autoComplete="new-password"
              hint="8 caractères au minimum."
            />
            <TextField
              form={form}
              name="confirmPassword"
              label="Confirmer le mot de passe"
              type="password"
              autoComplete="new-password"
            />
          </div>
        </fieldset>
        <FormActions form={form} submitLabel="Enregistrer les modifications" />
      </AdminForm>
    </>
  );
}
