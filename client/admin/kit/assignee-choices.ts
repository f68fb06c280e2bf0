import { parseAssigneeFilter, type AssignableUser, type Assignee } from '#shared/assignment';
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

/** The filter's choices after its 'Tous': mine, nobody's, then each person who may be assigned. */
export function assigneeFilterOptions(
  users: readonly AssignableUser[],
  labels: { mine: string; none: string },
): SelectOption[] {
  return [
    { value: 'me', label: labels.mine },
    { value: 'none', label: labels.none },
    ...users.map((user) => ({ value: String(user.id), label: `${user.name} (${user.role_label})` })),
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
  for (const user of users)
    options.push({ value: String(user.id), label: `${user.name} (${user.role_label})` });
  return options;
}
