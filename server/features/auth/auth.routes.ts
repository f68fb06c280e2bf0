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
 * /api/auth (product rules, API). Every staff role reads and changes its own account, signs
 * out and refreshes its session (docs/product-rules.md, "Roles and access"); creating an
 * account is the administrator's (operator access). Handlers only adapt HTTP to the services.
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
  router.post('/logout', signedIn, async (_req, res) => {
    res.json(await auth.logout(authOf(res)));
  });
  router.post('/refresh', signedIn, async (_req, res) => {
    res.json(await auth.refresh(authOf(res)));
  });
  router.get('/user', signedIn, (_req, res) => {
    res.json({ user: authOf(res).user });
  });
  router.put('/user', signedIn, async (req, res) => {
    res.json(await profile.update(authOf(res), parseInput(profileUpdateSchema, req.body)));
  });
  router.post('/register', admin, async (req, res) => {
    res.status(201).json(await accounts.register(parseInput(registerSchema, req.body)));
  });
  return router;
}
