import type { ChangeEvent } from 'react';
import {
  CONTACT_MESSAGE_MIN,
  CONTACT_NAME_MIN,
  CONTACT_SUBJECTS,
  type ContactFieldKey,
} from '#shared/contact-message-rules';
import { CONTACT_FORM_ANCHOR } from '#shared/contact-outcome';
import { CONTACT_FIELD_LABELS, CONTACT_MAX_LENGTHS, contactFieldId } from './contact-fields';

export const CONTACT_REQUIRED: readonly ContactFieldKey[] = ['name', 'subject', 'message'];
/** The line saying that an e-mail or a phone is enough, which both fields point at. */
export const CONTACT_CHANNEL_HINT_ID = `${CONTACT_FORM_ANCHOR}-canal`;

/**
 * One field of the contact form (docs/product-rules.md, "Contact form"): its label, its
 * control with the browser's own limits (for visitors without JavaScript) and its message.
 */
export function ContactField(props: {
  name: ContactFieldKey;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { name, error } = props;
  const id = contactFieldId(name);
  const required = CONTACT_REQUIRED.includes(name);
  const hint = name === 'email' || name === 'phone' ? CONTACT_CHANNEL_HINT_ID : undefined;
  const common = {
    id,
    name,
    value: props.value,
    required,
    maxLength: CONTACT_MAX_LENGTHS[name],
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [error ? `${id}-erreur` : null, hint].filter(Boolean).join(' ') || undefined,
    onBlur: props.onBlur,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      props.onChange(event.target.value),
  };
  return (
    <div className={name === 'message' ? 'form-field form-field-wide' : 'form-field'}>
      <label htmlFor={id}>
        {CONTACT_FIELD_LABELS[name]}
        {required && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {name === 'subject' ? (
        <select {...common}>
          <option value="">Sélectionnez un sujet</option>
          {Object.entries(CONTACT_SUBJECTS).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
      ) : name === 'message' ? (
        <textarea {...common} rows={6} minLength={CONTACT_MESSAGE_MIN} />
      ) : name === 'email' ? (
        <input {...common} type="email" autoComplete="email" />
      ) : name === 'phone' ? (
        <input {...common} type="tel" autoComplete="tel" inputMode="tel" />
      ) : (
        <input {...common} type="text" autoComplete="name" minLength={CONTACT_NAME_MIN} />
      )}
      {error && (
        <p id={`${id}-erreur`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
