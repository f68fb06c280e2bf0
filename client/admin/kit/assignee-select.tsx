import { useId, useState } from 'react';
import type { AssignableUser, Assignee } from '#shared/assignment';
import { adminApi, isSessionEnd } from './admin-api';
import { assigneeSelectOptions } from './assignee-choices';
import { toast } from './toast';
import { failureText } from './use-save-outcome';

/**
 * 'Assigné à' in a request's or a message's dialog (docs/product-rules.md, "Assignment"):
 * a choice saves at once (PATCH `path`), then a toast and, inside the dialog (whose modal
 * layer hides the toaster), a line saying who follows it now. `onAssigned` gets the record
 * as the server answers it.
 */
export function AssigneeSelect<T extends { assignee: Assignee | null }>({
  path,
  assignee,
  users,
  onAssigned,
}: {
  path: string;
  assignee: Assignee | null;
  users: readonly AssignableUser[] | null;
  onAssigned: (record: T) => void;
}) {
  const id = useId();
  const [current, setCurrent] = useState<Assignee | null>(assignee);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  async function choose(value: string) {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await adminApi<{ message: string; data: T }>(path, {
        method: 'PATCH',
        json: { user_id: value === '' ? null : Number(value) },
      });
      const next = answer.data.assignee;
      setCurrent(next);
      const description = next ? `Suivi par ${next.name}.` : 'Personne ne le suit pour l’instant.';
      setNotice(`${answer.message} ${description}`);
      toast({ title: answer.message, description });
      onAssigned(answer.data);
    } catch (error) {
      if (isSessionEnd(error)) return;
      // A 422 names its reason on user_id; other failures say theirs.
      const fieldError = (error as { errors?: Record<string, string[] | undefined> }).errors?.user_id?.[0];
      const message = fieldError ?? failureText(error, 'Impossible de changer l’assignation');
      setNotice(message);
      toast({ title: 'Erreur', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="assignee-select">
      <label htmlFor={id}>Assigné à</label>
      <select
        id={id}
        value={current ? String(current.id) : ''}
        disabled={busy || users === null}
        onChange={(event) => void choose(event.target.value)}
      >
        {assigneeSelectOptions(users ?? [], current).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <p className="muted" role="status">
        {notice}
      </p>
    </div>
  );
}
