import { useEffect, useState } from 'react';
import type { AssignableUser, AssignableUsersAnswer } from '#shared/assignment';
import { adminApi, isSessionEnd } from './admin-api';

/**
 * Who may be assigned (GET /api/admin/assignees), read once per screen: the filter's and
 * the dialog's choices. null until it arrives; [] when it failed (the filter still offers
 * 'Mes demandes' and 'Non assignées').
 */
export function useAssignableUsers(): AssignableUser[] | null {
  const [users, setUsers] = useState<AssignableUser[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    adminApi<AssignableUsersAnswer>('/admin/assignees', { signal: controller.signal })
      .then((answer) => setUsers(answer.data))
      .catch((error: unknown) => {
        if (!controller.signal.aborted && !isSessionEnd(error)) setUsers([]);
      });
    return () => controller.abort();
  }, []);
  return users;
}
