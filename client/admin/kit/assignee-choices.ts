import { parseAssigneeFilter, type AssignableUser, type Assignee } from '#shared/assignment';
import type { BulkAction } from './bulk-bar';
import type { SelectOption } from './form-fields';

/**
 * The assignee filter and select of the requests' and the messages' screens
 * (docs/product-rules.md, "Assignment"): their pure parts.
 */

/**
 * `?assignee=` as the screens keep it: '' (every row), 'me', 'none' or a user's id as text.
 * A value the server would refuse reads as ''.
 */
export function assigneeParam(raw: string | null): string {
  const filter = parseAssigneeFilter(raw ?? undefined);
  return filter === undefined || filter === null ? '' : String(filter);
}

/** A person who may be assigned, as every select of the lists names them. */
const userOption = (user: AssignableUser): SelectOption => ({
  value: String(user.id),
  label: `${user.name} (${user.role_label})`,
});

/** The filter's choices after its 'Tous': mine, nobody's, then each person who may be assigned. */
export function assigneeFilterOptions(
  users: readonly AssignableUser[],
  labels: { mine: string; none: string },
): SelectOption[] {
  return [
    { value: 'me', label: labels.mine },
    { value: 'none', label: labels.none },
    ...users.map(userOption),
  ];
}

/**
 * The dialog's select: 'Personne' (''), then each person who may be assigned; the current
 * assignee stays a choice when they no longer may be (a changed role), so the select shows
 * the truth.
 */
export function assigneeSelectOptions(
  users: readonly AssignableUser[],
  current: Assignee | null,
): SelectOption[] {
  const options: SelectOption[] = [{ value: '', label: 'Personne' }];
  if (current && !users.some((user) => user.id === current.id))
    options.push({ value: String(current.id), label: current.name });
  for (const user of users) options.push(userOption(user));
  return options;
}

/**
 * The bulk bar's 'Assigner' of the requests' and the messages' lists (docs/product-rules.md,
 * "Bulk actions"): each person who may be assigned, then 'Personne' (sent as null: taken
 * back), last so that confirming without choosing never unassigns anything.
 */
export function assignBulkAction(users: readonly AssignableUser[]): BulkAction {
  return {
    action: 'assign',
    label: 'Assigner',
    question: (count) => `Assigner ${count} ?`,
    choose: {
      name: 'assignee_id',
      label: 'Assigner à',
      options: [...users.map(userOption), { value: '', label: 'Personne (retirer l’assignation)' }],
    },
  };
}
