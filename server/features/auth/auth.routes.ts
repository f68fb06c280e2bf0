import { Router } from 'express';
import { loginSchema, profileUpdateSchema, registerSchema } from '#shared/schemas/auth';
import { authOf, requireAdmin, requireUser } from '#server/http/require-auth';
import { accountsService } from './accounts.service';
import type { AuthDeps } from './auth-deps';
import { authService } from './auth.service';
import { parseInput } from '#server/http/parse-input';
import { profileService } from './profile.service';
import { clientAddress } from '#server/http/rate-limit';

/**
 * /api/auth (product rules, API). Writes need an administrator (product rules: every write but login
 * and project submission), logout and refresh included; reading one's own account needs
 * only a valid session. Handlers only adapt HTTP to the services.
 */
export function authRoutes(deps: AuthDeps): Router {
  const router = Router();
  const auth = authService(deps);
  const profile = profileService(deps);
  const accounts = accountsService(deps);
  const admin = requireAdmin(deps);
  const signedIn = requireUser(deps);

  // Answers carry tokens and personal data: no cache may keep them.
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.post('/login', async (req, res) => {
    res.json(await auth.login(parseInput(loginSchema, req.body), clientAddress(req)));
  });
  router.post('/logout', admin, async (_req, res) => {
    res.json(await auth.logout(authOf(res)));
  });
  router.post('/refresh', admin, async (_req, res) => {
    res.json(await auth.refresh(authOf(res)));
  });
  router.get('/user', signedIn, (_req, res) => {
    res.json({ user: authOf(res).user });
  });
  router.put('/user', admin, async (req, res) => {
    res.json(await profile.update(authOf(res), parseInput(profileUpdateSchema, req.body)));
  });
  router.post('/register', admin, async (req, res) => {
    res.status(201).json(await accounts.register(parseInput(registerSchema, req.body)));
  });
  return router;
}
