import { z } from 'zod';
import { normaliseReference } from '#shared/references';
import {
  TRACKING_LINK_CHANNELS,
  TRACKING_EMAIL_MAX,
  TRACKING_REFERENCE_MAX,
  trackingMessages,
} from '#shared/tracking-rules';

export * from '#shared/tracking-rules';

/**
 * POST /api/tracking-links/resend (docs/product-rules.md, "Tracking link"): a project
 * reference typed in any case or padding ('edf-2026-42' reads as EDF-2026-00042) and the
 * e-mail the request was sent with.
 */
export const trackingResendSchema = z.object({
  reference: z
    .string({ error: trackingMessages.referenceRequired })
    .trim()
    .min(1, trackingMessages.referenceRequired)
    .max(TRACKING_REFERENCE_MAX, trackingMessages.referenceInvalid)
    .transform((value, ctx) => {
      const reference = normaliseReference(value);
      if (!reference?.startsWith('EDF-')) {
        ctx.addIssue({ code: 'custom', message: trackingMessages.referenceInvalid });
        return z.NEVER;
      }
      return reference;
    }),
  email: z
    .string({ error: trackingMessages.emailRequired })
    .trim()
    .min(1, trackingMessages.emailRequired)
    .pipe(z.email(trackingMessages.emailInvalid).max(TRACKING_EMAIL_MAX, trackingMessages.emailInvalid)),
});
export type TrackingResend = z.infer<typeof trackingResendSchema>;

/**
 * POST /api/admin/project-submissions/{id}/tracking-link: a new link; `channel: 'email'`
 * also mails it to the client (outbox), `'whatsapp'` records that the staff reach the
 * client on WhatsApp (contact_method), the message itself being sent from their phone.
 */
export const trackingLinkRequestSchema = z.object({
  channel: z
    .union([z.enum(TRACKING_LINK_CHANNELS), z.literal(''), z.null()], {
      error: trackingMessages.channelInvalid,
    })
    .optional()
    .transform((value) => (value === 'email' || value === 'whatsapp' ? value : null)),
});
export type TrackingLinkRequest = z.infer<typeof trackingLinkRequestSchema>;
