import { Router } from 'express';
import { authMessages, userInviteSchema, userUpdateSchema, usersListQuerySchema } from '#shared/schemas/auth';
import { idParam } from '#server/http/id-param';
import { noStore } from '#server/http/no-store';
import { parseInput } from '#server/http/parse-input';
import { authOf, requireAdmin } from '#server/http/require-auth';
import type { AuthDeps } from './auth-deps';
import { staffUsersService } from './staff-users.service';

/**
 * /api/admin/users (docs/product-rules.md, "Staff accounts"): administrators only. The
 * answers hold no password, hash, token or link.
 */
const BASE = '/admin/users';

export function usersRoutes(deps: AuthDeps): Router {
  const router = Router();
  const admin = requireAdmin(deps);
  const users = staffUsersService(deps);

  router.get(BASE, admin, noStore, async (req, res) => {
    res.json({ success: true, data: await users.list(parseInput(usersListQuerySchema, req.query)) });
  });

  router.post(BASE, admin, noStore, async (req, res) => {
    const data = await users.create(parseInput(userInviteSchema, req.body), authOf(res).user);
    res.status(201).json({ success: true, message: authMessages.userInvited, data });
  });

  router.patch(`${BASE}/:id`, admin, noStore, async (req, res) => {
    const id = idParam(req, authMessages.userNotFound);
    const data = await users.update(id, parseInput(userUpdateSchema, req.body), authOf(res).user);
    res.json({ success: true, message: authMessages.userUpdated, data });
  });

  router.post(`${BASE}/:id/invitation`, admin, noStore, async (req, res) => {
    const data = await users.resendInvitation(idParam(req, authMessages.userNotFound), authOf(res).user);
    res.json({ success: true, message: authMessages.invitationResent, data });
  });

  return router;
}
