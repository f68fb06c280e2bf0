import { contactMessages } from '#shared/contact-message-rules';
import type { ContactOutcome } from '#shared/contact-outcome';
import { CONTACT_FIELD_LABELS, contactFieldId } from './contact-fields';

/** The refusal of a post without JavaScript, above the form: the sentence and links to the fields. */
export function ContactRefusal({ notice }: { notice: Extract<ContactOutcome, { kind: 'error' }> }) {
  return (
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
  );
}
