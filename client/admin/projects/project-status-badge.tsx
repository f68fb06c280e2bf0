import { type PROJECT_STATUSES } from '#shared/constants';

const TONES: Record<(typeof PROJECT_STATUSES)[number], string> = {
  'En attente': 'waiting',
  'En cours': 'active',
  Complété: 'done',
  Annulé: 'cancelled',
};

/** A project's status (product rules, States): the four get a colour, any other value is shown as is. */
export function ProjectStatusBadge({ status }: { status: string }) {
  const tone = (TONES as Record<string, string | undefined>)[status];
  return <span className={`badge${tone ? ` status-${tone}` : ''}`}>{status}</span>;
}
