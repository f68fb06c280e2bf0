import { ROLE_LABELS, ROLES } from '#shared/roles';
import { paths } from '#shared/paths';
import { userInviteSchema } from '#shared/schemas/auth';
import {
  AdminForm,
  adminApi,
  FormActions,
  PageHeader,
  SelectField,
  TextField,
  useEntityForm,
} from '#client/admin/kit';
import { USERS_BASE } from './users-query';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const TITLE = 'Inviter une personne';

/**
 * The invitation (docs/product-rules.md, "Staff accounts"): a name, an e-mail and a role.
 * The server creates the account without a password and e-mails a one-use link through the
 * outbox; a 422 (an address already used...) lands on its field.
 */
export function Component() {
  const form = useEntityForm({
    schema: userInviteSchema,
    initialValues: { name: '', email: '', role: '' },
    save: (data) => adminApi(USERS_BASE, { method: 'POST', json: data }),
    outcome: {
      created: {
        title: 'Invitation envoyée',
        description:
          "L'invitation a été envoyée par e-mail : la personne choisira son mot de passe depuis le lien reçu.",
      },
      backTo: paths.adminUsers,
      failure: "Une erreur s'est produite lors de l'envoi de l'invitation.",
    },
  });
  return (
    <>
      <PageHeader title={TITLE} />
      <AdminForm form={form} label={TITLE}>
        <div className="form-grid">
          <TextField form={form} name="name" label="Nom" required hint="Au moins 3 caractères." />
          <TextField form={form} name="email" label="E-mail" type="email" autoComplete="off" required />
        </div>
        <SelectField
          form={form}
          name="role"
          label="Rôle"
          required
          placeholder="Sélectionnez un rôle"
          options={ROLE_OPTIONS}
          hint="Administrateur : tout. Commercial : demandes et messages. Conducteur de travaux : les chantiers. Éditeur : le catalogue et le contenu."
        />
        <FormActions form={form} submitLabel="Envoyer l'invitation" cancelTo={paths.adminUsers} />
      </AdminForm>
    </>
  );
}
