import { API_BASE } from '#client/lib/api-client';
import { paths } from '#shared/paths';
import {
  TRACKING_EMAIL_MAX,
  TRACKING_REFERENCE_MAX,
  trackingFailureMessage,
  trackingMessages,
  type TrackingFormOutcome,
} from '#shared/tracking-rules';

const FIELD_LABELS = { reference: 'Référence de la demande', email: 'Adresse e-mail de la demande' } as const;

/**
 * 'Recevoir mon lien de suivi' (docs/product-rules.md, "Tracking link"): a plain form, the
 * same with and without JavaScript. The browser posts it to the API, which answers a 303
 * back to /suivi with the outcome's codes in the query; the answer is the same whether the
 * reference exists or not.
 */
export function ResendTrackingForm({ outcome }: { outcome: TrackingFormOutcome | null }) {
  return (
    <div className="tracking-resend">
      <h2 id="tracking-resend-title">Recevoir mon lien de suivi</h2>
      {outcome?.kind === 'ok' && (
        <div className="notice notice-success" role="status">
          <p className="notice-title">Demande enregistrée</p>
          <p>{trackingMessages.resendAnswer}</p>
        </div>
      )}
      {outcome?.kind === 'error' && (
        <div className="notice notice-error" role="alert">
          <p className="notice-title">Erreur</p>
          <p>{trackingFailureMessage(outcome.status)}</p>
          {outcome.fields.length > 0 && (
            <ul>
              {outcome.fields.map((key) => (
                <li key={key}>
                  <a href={`#suivi-${key}`}>{FIELD_LABELS[key]}</a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <form
        className="submit-form"
        action={`${API_BASE}/tracking-links/resend`}
        method="post"
        aria-labelledby="tracking-resend-title"
      >
        <div className="form-grid">
          <div className="form-field">
            <label htmlFor="suivi-reference">{FIELD_LABELS.reference}</label>
            <input
              id="suivi-reference"
              name="reference"
              type="text"
              required
              maxLength={TRACKING_REFERENCE_MAX}
              placeholder="EDF-2026-00042"
              autoComplete="off"
              autoCapitalize="characters"
              aria-invalid={
                outcome?.kind === 'error' && outcome.fields.includes('reference') ? true : undefined
              }
            />
          </div>
          <div className="form-field">
            <label htmlFor="suivi-email">{FIELD_LABELS.email}</label>
            <input
              id="suivi-email"
              name="email"
              type="email"
              required
              maxLength={TRACKING_EMAIL_MAX}
              autoComplete="email"
              aria-invalid={outcome?.kind === 'error' && outcome.fields.includes('email') ? true : undefined}
            />
          </div>
        </div>
        <button type="submit" className="btn btn-primary">
          Recevoir le lien par e-mail
        </button>
      </form>
      <p className="muted">
        Un nouveau lien vous est envoyé : il remplace le précédent, qui cesse de fonctionner. Pas d’accès à
        cette adresse ? Écrivez-nous depuis la page <a href={paths.contact}>Contact</a> en rappelant votre
        référence.
      </p>
    </div>
  );
}
