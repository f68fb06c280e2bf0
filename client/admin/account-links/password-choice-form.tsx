import { useId, useState, type ReactNode } from 'react';
import { linkPasswordSchema } from '#shared/schemas/auth';
import { ApiError } from '#client/lib/api-client';
import { FieldFrame } from '../kit/form-fields';
import { useAdminForm } from '../kit/use-admin-form';

/**
 * The password a link lets one choose (invitation, reset): 'Mot de passe' and
 * 'Confirmation', checked by the shared schema (8 characters to 72 bytes, counted with
 * TextEncoder as the server counts them; the same confirmation). No draft: a password is
 * never written to sessionStorage. A 410 (the link is used, expired or replaced) is the
 * API's sentence, handed to `onGone`; any other refusal is written above the fields.
 */
export function PasswordChoiceForm<R>({
  token,
  send,
  onSuccess,
  onGone,
  submitLabel,
}: {
  token: string;
  send: (body: { token: string; password: string; confirmPassword?: string }) => Promise<R>;
  onSuccess: (answer: R) => void;
  onGone: (message: string) => void;
  submitLabel: string;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const failureId = useId();
  const form = useAdminForm({
    schema: linkPasswordSchema,
    initialValues: { token, password: '', confirmPassword: '' },
    draftKey: false,
    onSubmit: (data) => {
      setFailure(null);
      // The server checks the confirmation too (the same shared schema).
      return send({ token: data.token, password: data.password, confirmPassword: data.confirmPassword });
    },
    onSuccess,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 410) return onGone(error.message);
      // A 422's messages are on the fields already; a 429 or an outage is said here.
      if (error instanceof ApiError && error.errors) return;
      setFailure(
        error instanceof Error && error.message
          ? error.message
          : "Une erreur s'est produite. Veuillez réessayer.",
      );
    },
  });
  const type = shown ? 'text' : 'password';
  return (
    <form ref={form.formRef} onSubmit={form.handleSubmit} noValidate className="link-form">
      {failure && (
        <p className="form-error" role="alert" id={failureId}>
          {failure}
        </p>
      )}
      {form.errors.token && (
        <p className="form-error" role="alert">
          {form.errors.token}
        </p>
      )}
      <FieldFrame
        form={form}
        name="password"
        label="Mot de passe"
        required
        hint="De 8 caractères à 72 octets (une lettre accentuée compte pour 2)."
      >
        <div className="password-field">
          <input {...form.field('password')} type={type} autoComplete="new-password" required />
          <ShowPassword shown={shown} onToggle={() => setShown((value) => !value)} />
        </div>
      </FieldFrame>
      <FieldFrame form={form} name="confirmPassword" label="Confirmation" required>
        <input {...form.field('confirmPassword')} type={type} autoComplete="new-password" required />
      </FieldFrame>
      <button type="submit" className="btn btn-primary" disabled={form.submitting || !form.ready}>
        {form.submitting ? 'Chargement...' : submitLabel}
      </button>
    </form>
  );
}

function ShowPassword({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="btn-ghost"
      onClick={onToggle}
      aria-pressed={shown}
      aria-label={shown ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
    >
      {shown ? 'Masquer' : 'Afficher'}
    </button>
  );
}

/** The card every page of a link is drawn in: the sign-in page's, without the public layout. */
export function LinkCard({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby={titleId}>
        <h1 id={titleId}>{title}</h1>
        {lead && <p className="muted">{lead}</p>}
        {children}
      </section>
    </main>
  );
}
