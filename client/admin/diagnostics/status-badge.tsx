import type { CheckStatus } from './check-result';

export type StatusLabels = Record<CheckStatus, string>;

export const FRENCH_STATUS: StatusLabels = {
  idle: 'Non testé',
  pending: 'En cours...',
  success: 'Succès',
  error: 'Erreur',
  warning: 'Attention',
};

/** The state of a check, in words (never by colour alone). */
export function StatusBadge({
  status,
  labels = FRENCH_STATUS,
}: {
  status: CheckStatus;
  labels?: StatusLabels;
}) {
  return <span className={`badge diag-badge diag-${status}`}>{labels[status]}</span>;
}
