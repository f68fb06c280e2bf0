import { submissionMessages } from '#shared/submission-rules';
import { sendMessages, type FormOutcome } from '#shared/submission-outcome';
import { fieldId, fieldLabel } from './submission-fields';

/**
 * The outcome of a form posted without JavaScript, read from the page's query after the
 * server's redirect: the product rules' success words, or its refusal message with links to the
 * fields at fault.
 */
export function OutcomeNotice({ outcome }: { outcome: FormOutcome }) {
  if (outcome.kind === 'ok') {
    return (
      <div className="notice notice-success" role="status">
        <p className="notice-title">{submissionMessages.submitted}</p>
        <p>{submissionMessages.submittedDetail}</p>
      </div>
    );
  }
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{sendMessages.errorTitle}</p>
      <p>{outcome.message}</p>
      {outcome.draft && (
        <p>
          Vos informations sont conservées ci-dessous. Seuls les fichiers joints sont à choisir de nouveau.
        </p>
      )}
      {outcome.fields.length > 0 && (
        <>
          <p>Vérifiez les champs suivants, puis envoyez de nouveau le formulaire :</p>
          <ul>
            {outcome.fields.map((key) => (
              <li key={key}>
                <a href={`#${fieldId(key)}`}>{fieldLabel(key)}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
