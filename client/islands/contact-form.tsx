import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type MouseEvent } from 'react';
import {
  CONTACT_FIELD_KEYS,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGE_MIN,
  CONTACT_NAME_MIN,
  CONTACT_SUBJECTS,
  contactMessages,
  type ContactDraft,
  type ContactFieldKey,
} from '#shared/contact-message-rules';
import { CONTACT_FORM_ANCHOR, type ContactOutcome } from '#shared/contact-outcome';
import { paths } from '#shared/paths';
import { ToastRegion, useToastStore, type ToastSettings } from '#client/components/toast';
import { island } from '#client/lib/island';
import {
  CONTACT_CHANNEL_HINT,
  CONTACT_FIELD_LABELS,
  CONTACT_MAX_LENGTHS,
  contactFieldId,
} from '#client/pages/contact/contact-fields';
import {
  CONTACT_ACTION,
  emptyContactValues,
  loadContactSchema,
  sendContactMessage,
  validateContact,
  type ContactErrors,
  type ContactValues,
} from '#client/pages/contact/send-contact-message';

interface ContactFormProps {
  /** After a post without JavaScript: the outcome the server redirected to. */
  outcome: ContactOutcome | null;
  /** What that refused post held, with the messages (null once the server forgot it). */
  draft: ContactDraft | null;
}

const REQUIRED: readonly ContactFieldKey[] = ['name', 'subject', 'message'];
/** A success closes by itself; an error stays until the visitor closes it (as on the submit form). */
const TOASTS: ToastSettings = { dismissAfterMs: { default: 8000, destructive: null } };

/**
 * The contact form (docs/product-rules.md, "Contact form"). Server-rendered as a plain form
 * posting to the API, which answers a browser's own post with a 303 back here (the outcome
 * and, when refused, what was typed). Hydrated, it checks with the shared schema, sends
 * JSON, shows the messages beside the fields and a toast, and replaces the form with the
 * reference once sent.
 */

function ContactForm({ outcome, draft }: ContactFormProps) {
  const [values, setValues] = useState<ContactValues>(() => ({ ...emptyContactValues(), ...draft?.values }));
  const [errors, setErrors] = useState<ContactErrors>(draft?.errors ?? {});
  const [sent, setSent] = useState<string | null>(outcome?.kind === 'ok' ? (outcome.reference ?? '') : null);
  const [notice, setNotice] = useState(outcome?.kind === 'error' ? outcome : null);
  const [sending, setSending] = useState(false);
  const [enhanced, setEnhanced] = useState(false);
  const sendingRef = useRef(false);
  const abortRef = useRef<AbortController | null>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const toasts = useToastStore(TOASTS);

  useEffect(() => {
    setEnhanced(true);
    return () => abortRef.current?.abort();
  }, []);

  const focusFirst = (found: ContactErrors) => {
    const first = CONTACT_FIELD_KEYS.find((key) => found[key]);
    if (first) document.getElementById(contactFieldId(first))?.focus();
  };

  const change = (key: ContactFieldKey, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    // A shown message follows the typing; e-mail and phone answer for each other.
    if (errors[key] || ((key === 'email' || key === 'phone') && (errors.email || errors.phone))) {
      const found = validateContact(next);
      setErrors((current) => ({ ...current, [key]: found[key], email: found.email, phone: found.phone }));
    }
  };

  const blur = (key: ContactFieldKey) => {
    if (values[key].trim() === '') return;
    setErrors((current) => ({ ...current, [key]: validateContact(values)[key] }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sendingRef.current) return;
    await loadContactSchema();
    if (sendingRef.current) return;
    setNotice(null);
    const found = validateContact(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      toasts.clear('destructive');
      toasts.show({
        title: contactMessages.errorTitle,
        description: contactMessages.invalid,
        variant: 'destructive',
      });
      focusFirst(found);
      return;
    }
    sendingRef.current = true;
    setSending(true);
    toasts.clear('destructive');
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const result = await sendContactMessage(values, controller.signal);
      if (result.ok) {
        toasts.show({ title: contactMessages.sent, description: contactMessages.sentDetail });
        setSent(result.reference);
        setValues(emptyContactValues());
        setErrors({});
      } else {
        toasts.show({
          title: contactMessages.errorTitle,
          description: result.message,
          variant: 'destructive',
        });
        setErrors(result.errors);
        focusFirst(result.errors);
      }
    } catch {
      return; // aborted: the page is going away
    } finally {
      sendingRef.current = false;
      abortRef.current = null;
      setSending(false);
    }
  };

  useEffect(() => {
    if (sent !== null && enhanced) confirmationRef.current?.focus();
  }, [sent, enhanced]);

  const another = (event: MouseEvent<HTMLAnchorElement>) => {
    // Without script the link reloads an empty form; with it, the form comes back at once.
    event.preventDefault();
    setSent(null);
    requestAnimationFrame(() => document.getElementById(contactFieldId('name'))?.focus());
  };

  const control = (key: ContactFieldKey) => {
    const id = contactFieldId(key);
    const error = errors[key];
    const hint = key === 'email' || key === 'phone' ? `${CONTACT_FORM_ANCHOR}-canal` : undefined;
    const described = [error ? `${id}-erreur` : null, hint].filter(Boolean).join(' ') || undefined;
    const common = {
      id,
      name: key,
      value: values[key],
      required: REQUIRED.includes(key),
      maxLength: CONTACT_MAX_LENGTHS[key],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': described,
      onBlur: () => blur(key),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
        change(key, event.target.value),
    };
    if (key === 'subject')
      return (
        <select {...common}>
          <option value="">Sélectionnez un sujet</option>
          {Object.entries(CONTACT_SUBJECTS).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
      );
    if (key === 'message') return <textarea {...common} rows={6} minLength={CONTACT_MESSAGE_MIN} />;
    if (key === 'email') return <input {...common} type="email" autoComplete="email" />;
    if (key === 'phone') return <input {...common} type="tel" autoComplete="tel" inputMode="tel" />;
    return <input {...common} type="text" autoComplete="name" minLength={CONTACT_NAME_MIN} />;
  };

  return (
    <div id={CONTACT_FORM_ANCHOR} className="contact-form-box">
      {sent !== null ? (
        <div className="notice notice-success" role="status" tabIndex={-1} ref={confirmationRef}>
          <p className="notice-title">{contactMessages.sent}</p>
          <p>{contactMessages.sentDetail}</p>
          {sent && (
            <p>
              {contactMessages.referenceIntro} <strong className="contact-reference">{sent}</strong>
            </p>
          )}
          <p>
            <a href={`${paths.contact}#${CONTACT_FORM_ANCHOR}`} onClick={enhanced ? another : undefined}>
              Envoyer un autre message
            </a>
          </p>
        </div>
      ) : (
        <form
          className="submit-form contact-form"
          action={CONTACT_ACTION}
          method="post"
          noValidate={enhanced}
          onFocus={() => void loadContactSchema()}
          aria-busy={sending}
          onSubmit={(event) => void submit(event)}
        >
          {notice && (
            <div className="notice notice-error" role="alert">
              <p className="notice-title">{contactMessages.errorTitle}</p>
              <p>{notice.message}</p>
              {notice.fields.length > 0 && (
                <ul>
                  {notice.fields.map((key) => (
                    <li key={key}>
                      <a href={`#${contactFieldId(key)}`}>{CONTACT_FIELD_LABELS[key]}</a>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <p className="muted form-note">
            Les champs marqués d’un <span className="required">*</span> sont obligatoires.
          </p>
          <div className="form-grid">
            {CONTACT_FIELD_KEYS.map((key) => (
              <div key={key} className={key === 'message' ? 'form-field form-field-wide' : 'form-field'}>
                <label htmlFor={contactFieldId(key)}>
                  {CONTACT_FIELD_LABELS[key]}
                  {REQUIRED.includes(key) && (
                    <span className="required" aria-hidden="true">
                      {' '}
                      *
                    </span>
                  )}
                </label>
                {control(key)}
                {errors[key] && (
                  <p id={`${contactFieldId(key)}-erreur`} className="field-error">
                    {errors[key]}
                  </p>
                )}
              </div>
            ))}
          </div>
          <p id={`${CONTACT_FORM_ANCHOR}-canal`} className="field-hint">
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
              value={values[CONTACT_HONEYPOT_FIELD]}
              onChange={(event) =>
                setValues((current) => ({ ...current, [CONTACT_HONEYPOT_FIELD]: event.target.value }))
              }
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending ? contactMessages.sending : 'Envoyer le message'}
          </button>
        </form>
      )}
      <ToastRegion store={toasts} />
    </div>
  );
}

export default island('contact-form', ContactForm);
