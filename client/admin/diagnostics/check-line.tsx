import type { CheckResult } from './check-result';
import { StatusBadge } from './status-badge';

/** A check's outcome on one line (the tester's URL checks): badge, message, reason. */
export function CheckLine({ result }: { result: CheckResult }) {
  if (result.status === 'idle') return null;
  return (
    <p className="diag-line" aria-live="polite">
      <StatusBadge status={result.status} /> {result.message}
      {result.detail && <span className="diag-detail"> ({result.detail})</span>}
    </p>
  );
}
