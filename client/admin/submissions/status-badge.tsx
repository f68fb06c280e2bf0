import { SUBMISSION_STATUS_LABELS } from '#shared/schemas/submission';
import type { SubmissionStatus } from '#shared/types';

/** Product rules, States: the status's French label, coloured by status (the colour is never the only cue). */
export function StatusBadge({ status }: { status: SubmissionStatus }) {
  return (
    <span className={`badge status-badge status-${status}`}>
      {SUBMISSION_STATUS_LABELS[status] ?? status}
    </span>
  );
}
