import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import { paths } from '#shared/paths';
import { submissionMessages } from '#shared/submission-rules';
import {
  trackingLinkRequestSchema,
  trackingMessages,
  trackingOutcomeQuery,
  trackingResendSchema,
} from '#shared/schemas/tracking';
import type { Config } from '#server/config';
import { AppError, TooManyRequestsError } from '#server/errors';
import { actorOf } from '#server/http/actor';
import { afterAnswer } from '#server/http/after-answer';
import { idParam } from '#server/http/id-param';
import { noStore } from '#server/http/no-store';
import { parseInput } from '#server/http/parse-input';
import { prefersHtml } from '#server/http/prefers-html';
import { requireAccess } from '#server/http/require-auth';
import { mayMailLinkAgain, trackingLimits } from './tracking-limits';
import { trackingService } from './tracking.service';
import { clientAddress } from '#server/http/rate-limit';

/**
 * Tracking links and the status history (docs/product-rules.md, "Tracking link" and
 * "Status history"): the public POST /tracking-links/resend (JSON, or the /suivi form
 * posted without JavaScript, answered by a 303 back to /suivi), and the back office's
 * history and new links, each behind the leads access (administrator or commercial,
 * docs/product-rules.md, "Roles and access"). The rules are the service's
 * (tracking.service.ts).
 */
const BASE = '/admin/project-submissions';

function redirectOutcome(req: Request, res: Response, error: unknown | null): void {
  if (error === null) {
    res.redirect(303, `${paths.tracking}${trackingOutcomeQuery({ ok: true })}`);
    return;
  }
  if (!(error instanceof AppError) || error.status >= 500)
    req.log?.error({ err: error }, 'échec d’une demande de lien de suivi sans JavaScript');
  const status = error instanceof AppError ? error.status : 500;
  if (error instanceof AppError)
    for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  const fields = error instanceof AppError ? Object.keys(error.errors ?? {}) : [];
  res.redirect(303, `${paths.tracking}${trackingOutcomeQuery({ ok: false, status, fields })}`);
}

export function trackingRoutes({ config, db }: { config: Config; db: Knex }): Router {
  const router = Router();
  const leads = requireAccess({ config, db }, 'leads');
  const limits = trackingLimits(config);
  const { resends } = limits;
  const tracking = trackingService({
    db,
    config,
    mayMailAgain: (request) => mayMailLinkAgain(limits, request),
  });

  router.post('/tracking-links/resend', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const html = prefersHtml(req);
    try {
      const answer = await resends.take(clientAddress(req));
      if (!answer.granted)
        throw new TooManyRequestsError(trackingMessages.tooManyResends, answer.retryAfterSeconds);
      let input;
      try {
        input = parseInput(trackingResendSchema, req.body);
      } catch (error) {
        // A typing mistake is not a guess: the slot goes back.
        await answer.slot.release();
        throw error;
      }
      // Matched or not, the same answer, and at the same time: the reference is looked up
      // and the link mailed only once the answer has left, so neither its words nor its
      // delay tell which references exist (docs/product-rules.md, "Tracking link").
      const asked = input;
      afterAnswer(
        res,
        () => tracking.resend(asked),
        (err) => req.log?.error({ err }, 'échec de l’envoi d’un lien de suivi demandé à nouveau'),
      );
      if (html) redirectOutcome(req, res, null);
      else res.status(202).json({ success: true, message: trackingMessages.resendAnswer });
    } catch (error) {
      if (!html || res.headersSent) throw error;
      redirectOutcome(req, res, error);
    }
  });

  router.get(`${BASE}/:id/events`, leads, noStore, async (req, res) => {
    res.json({ success: true, data: await tracking.history(idParam(req, submissionMessages.notFound)) });
  });

  router.post(`${BASE}/:id/tracking-link`, leads, noStore, async (req, res) => {
    const id = idParam(req, submissionMessages.notFound);
    const { channel } = parseInput(trackingLinkRequestSchema, req.body ?? {});
    const url = await tracking.renewLink(actorOf(res), id, channel);
    const message =
      channel === 'email'
        ? trackingMessages.linkMailed
        : channel === 'whatsapp'
          ? trackingMessages.linkForWhatsapp
          : trackingMessages.linkCreated;
    res.status(201).json({ success: true, message, tracking_url: url });
  });

  return router;
}
