import { z } from 'zod';
import { assignmentMessages } from '#shared/assignment';

export * from '#shared/assignment';

/**
 * PATCH /api/admin/project-submissions/{id}/assignee and /contact-messages/{id}/assignee
 * (docs/product-rules.md, "Assignment"): `{ "user_id": N }` assigns, `{ "user_id": null }`
 * unassigns. The key must be there: a body without it is a mistake, not an unassignment.
 * Whether N may be assigned is the server's question (a 422 on user_id as well).
 */
export const assigneeUpdateSchema = z.object({
  user_id: z.union(
    [
      z.null(),
      z
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
    ],
    {
      error: (issue) =>
        issue.input === undefined ? assignmentMessages.userRequired : assignmentMessages.userInvalid,
    },
  ),
});
export type AssigneeUpdate = z.infer<typeof assigneeUpdateSchema>;
