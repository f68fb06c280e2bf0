import { Router } from 'express';
import {
  authMessages,
  forgotPasswordSchema,
  linkPasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
} from '#shared/schemas/auth';
import { TooManyRequestsError } from '#server/errors';
import { afterAnswer } from '#server/http/after-answer';
import { authOf, requireAdmin, requireUser } from '#server/http/require-auth';
import { accountsService } from './accounts.service';
import type { AuthDeps } from './auth-deps';
import { authService } from './auth.service';
import { parseInput } from '#server/http/parse-input';
import { profileService } from './profile.service';
import { clientAddress, rateLimit, type RateSlot } from '#server/http/rate-limit';
import { accountLinksService } from './account-links.service';

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
  const links = accountLinksService(deps);
  // Per client address (docs/product-rules.md, "Staff accounts"): requests for a reset
  // link, and failed uses of invitation and reset links (a working link never counts).
  const forgotLimit = rateLimit(deps.config, 'passwordForgot');
  const linkLimit = rateLimit(deps.config, 'accountLinkAttempts');

  const slotFor = async (limit: typeof linkLimit, ip: string): Promise<RateSlot> => {
    const answer = await limit.take(ip);
    if (!answer.granted)
      throw new TooManyRequestsError(authMessages.tooManyLinkRequests, answer.retryAfterSeconds);
    return answer.slot;
  };
  /** A link's use: a typing mistake (422) or a success gives the slot back; a 410 keeps it. */
  const linkAttempt = async <T>(ip: string, attempt: () => Promise<T>): Promise<T> => {
    const slot = await slotFor(linkLimit, ip);
    try {
      const result = await attempt();
      await slot.release();
      return result;
    } catch (error) {
      if (error instanceof Error && 'status' in error && error.status === 422) await slot.release();
      throw error;
    }
  };

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
    res.status(201).json(await accounts.register(parseInput(registerSchema, req.body), authOf(res).user));
  });

  router.post('/accept-invitation', async (req, res) => {
    res.json(
      await linkAttempt(clientAddress(req), () =>
        links.acceptInvitation(parseInput(linkPasswordSchema, req.body)),
      ),
    );
  });
  router.post('/reset-password', async (req, res) => {
    res.json(
      await linkAttempt(clientAddress(req), () =>
        links.resetPassword(parseInput(linkPasswordSchema, req.body)),
      ),
    );
  });
  // The same answer at the same time whatever was typed: the address is looked up and the
  // link mailed only once the answer has left (server/http/after-answer.ts).
  router.post('/forgot-password', async (req, res) => {
    await slotFor(forgotLimit, clientAddress(req));
    const input = parseInput(forgotPasswordSchema, req.body);
    afterAnswer(
      res,
      () => links.forgotPassword(input),
      (err) => req.log?.error({ err }, 'échec de l’envoi d’un lien de réinitialisation'),
    );
    res.status(202).json({ success: true, message: authMessages.forgotAnswer });
  });
  return router;
}
