import type { ReactNode } from 'react';
import type { CheckResult } from './check-result';
import { FRENCH_STATUS, StatusBadge, type StatusLabels } from './status-badge';

/**
 * One check: its title and badge, the outcome's message (a live region, so a screen reader
 * hears the result of a run) and the reason below a message the product rules cut short.
 */
export function CheckCard({
  title,
  result,
  labels = FRENCH_STATUS,
  children,
  actions,
  wide = false,
}: {
  title: string;
  /** Spans the whole grid row (a check with a form and a preview). */
  wide?: boolean;
  result: CheckResult;
  labels?: StatusLabels;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section
      className={`admin-panel diag-check diag-check-${result.status}${wide ? ' diag-wide' : ''}`}
      aria-label={title}
    >
      <div className="diag-check-head">
        <h2>{title}</h2>
        <StatusBadge status={result.status} labels={labels} />
      </div>
      <div className="diag-outcome" aria-live="polite">
        {result.message && <p className="diag-message">{result.message}</p>}
        {result.detail && <p className="diag-detail">{result.detail}</p>}
      </div>
      {children}
      {actions && <div className="diag-actions">{actions}</div>}
    </section>
  );
}
