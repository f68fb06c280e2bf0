import { useEffect, useState } from 'react';
import { SUBMISSION_STATUS_LABELS } from '#shared/submission-rules';
import { formatDateTime } from '#shared/format';
import type { SubmissionEvent } from '#shared/types';
import { adminApi, failureText, isSessionEnd, listData, Spinner } from '#client/admin/kit';

export const HISTORY_FAILED = 'Impossible de charger l’historique';

/**
 * The request's history in the detail dialog (docs/product-rules.md, "Status history"):
 * every change of status, internal note and message to the client, newest first, with
 * its date and author. Read when the dialog opens; a save closes the dialog.
 */
export function SubmissionHistory({ submissionId }: { submissionId: number }) {
  const [events, setEvents] = useState<SubmissionEvent[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    adminApi<{ data: SubmissionEvent[] }>(`/admin/project-submissions/${submissionId}/events`)
      .then((answer) => {
        if (live) setEvents(listData(answer));
      })
      .catch((error: unknown) => {
        if (live && !isSessionEnd(error)) setProblem(failureText(error, HISTORY_FAILED));
      });
    return () => {
      live = false;
    };
  }, [submissionId]);

  if (problem)
    return (
      <p className="form-error" role="alert">
        {problem}
      </p>
    );
  if (events === null) return <Spinner label="Chargement de l’historique..." />;
  if (events.length === 0)
    return <p className="muted">Aucun changement depuis la réception de la demande.</p>;
  return (
    <ol className="submission-history">
      {[...events].reverse().map((event) => (
        <li key={event.id}>
          <p className="submission-history-head">
            <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
            {' · '}
            {event.author_name ?? 'Avant l’historique'}
            {' · '}
            {event.from_status && event.from_status !== event.to_status
              ? `${SUBMISSION_STATUS_LABELS[event.from_status]} → ${SUBMISSION_STATUS_LABELS[event.to_status]}`
              : SUBMISSION_STATUS_LABELS[event.to_status]}
          </p>
          {event.internal_note && (
            <p className="submission-history-note">
              <span className="muted">Note interne : </span>
              {event.internal_note}
            </p>
          )}
          {event.client_message && (
            <p className="submission-history-message">
              <span className="muted">Message au client : </span>
              {event.client_message}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
