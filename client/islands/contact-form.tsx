import { useState } from 'react';
import {
  CONTACT_FIELD_KEYS,
  CONTACT_HONEYPOT_FIELD,
  contactFailureMessage,
  contactMessages,
  type ContactDraft,
} from '#shared/contact-message-rules';
import { CONTACT_FORM_ANCHOR, type ContactOutcome } from '#shared/contact-outcome';
import { ToastRegion, type ToastSettings } from '#client/components/toast';
import { island } from '#client/lib/island';
import { usePublicForm } from '#client/lib/use-public-form';
import { CONTACT_CHANNEL_HINT_ID, ContactField } from '#client/pages/contact/contact-control';
import { CONTACT_CHANNEL_HINT, contactFieldId } from '#client/pages/contact/contact-fields';
import { ContactRefusal } from '#client/pages/contact/contact-refusal';
import { ContactSent } from '#client/pages/contact/contact-sent';
import {
  CONTACT_ACTION,
  emptyContactValues,
  loadContactSchema,
  sendContactMessage,
  validateContact,
} from '#client/pages/contact/send-contact-message';

interface ContactFormProps {
  /** After a post without JavaScript: the outcome the server redirected to. */
  outcome: ContactOutcome | null;
  /** What that refused post held, with the messages (null once the server forgot it). */
  draft: ContactDraft | null;
}

/** A success closes by itself; an error stays until the visitor closes it (as on the submit form). */
const TOASTS: ToastSettings = { dismissAfterMs: { default: 8000, destructive: null } };

/**
 * The contact form (docs/product-rules.md, "Contact form"). Server-rendered as a plain form
 * posting to the API, which answers a browser's own post with a 303 back here (the outcome
 * and, when refused, what was typed). Hydrated, the public form hook checks with the shared
 * schema, sends JSON, shows the messages beside the fields and a toast; the form gives way
 * to the reference once sent.
 */
function ContactForm({ outcome, draft }: ContactFormProps) {
  const [sent, setSent] = useState<string | null>(outcome?.kind === 'ok' ? (outcome.reference ?? '') : null);
  const [notice, setNotice] = useState(outcome?.kind === 'error' ? outcome : null);
  const form = usePublicForm({
    emptyValues: emptyContactValues,
    restored: draft?.values,
    initialErrors: draft?.errors,
    fields: CONTACT_FIELD_KEYS,
    fieldId: contactFieldId,
    schema: { load: loadContactSchema, check: validateContact },
    // E-mail and phone answer for each other: one of them is enough.
    linked: ['email', 'phone'],
    invalidToast: { title: contactMessages.errorTitle, description: contactMessages.invalid },
    send: (values, { signal }) => sendContactMessage(values, signal),
    sent: (reference) => {
      setSent(reference);
      return { title: contactMessages.sent, description: contactMessages.sentDetail };
    },
    refused: {
      title: contactMessages.errorTitle,
      network: contactMessages.network,
      read: (status, said) => ({ message: contactFailureMessage(status, said.message), errors: said.errors }),
      pick: 'first',
    },
    toasts: TOASTS,
  });

  const another = () => {
    setSent(null);
    requestAnimationFrame(() => document.getElementById(contactFieldId('name'))?.focus());
  };

  return (
    <div id={CONTACT_FORM_ANCHOR} className="contact-form-box">
      {sent !== null ? (
        <ContactSent reference={sent} enhanced={form.enhanced} onAnother={another} />
      ) : (
        <form
          className="submit-form contact-form"
          action={CONTACT_ACTION}
          method="post"
          noValidate={form.enhanced}
          onFocus={form.prepare}
          aria-busy={form.sending}
          onSubmit={(event) => {
            setNotice(null);
            form.handleSubmit(event);
          }}
        >
          {notice && <ContactRefusal notice={notice} />}
          <p className="muted form-note">
            Les champs marqués d’un <span className="required">*</span> sont obligatoires.
          </p>
          <div className="form-grid">
            {CONTACT_FIELD_KEYS.map((key) => (
              <ContactField
                key={key}
                name={key}
                value={form.values[key]}
                error={form.errors[key]}
                onChange={(value) => form.change(key, value)}
                onBlur={() => form.blur(key)}
              />
            ))}
          </div>
          <p id={CONTACT_CHANNEL_HINT_ID} className="field-hint">
            {CONTACT_CHANNEL_HINT}
          </p>
          {/* Hidden from people and assistive technologies; robots fill it. */}
          <div className="hp" aria-hidden="true">
            <label htmlFor="contact-website">Site web (laisser vide)</label>
            <input
              id="contact-website"
              type="text"
              name={CONTACT_HONEYPOT_FIELD}
              tabIndex={-1}
              autoComplete="off"
              value={form.values[CONTACT_HONEYPOT_FIELD]}
              onChange={(event) => form.setValue(CONTACT_HONEYPOT_FIELD, event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={form.sending}>
            {form.sending ? contactMessages.sending : 'Envoyer le message'}
          </button>
        </form>
      )}
      <ToastRegion store={form.toasts} />
    </div>
  );
}

export default island('contact-form', ContactForm);
