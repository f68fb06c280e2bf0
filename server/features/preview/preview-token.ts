import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { isPreviewKind, type PreviewKind } from './preview-kinds';

/**
 * The token of a preview link (docs/decisions/0041-drafts-and-scheduled-publishing.md): an
 * HS256 JWT signed with JWT_SECRET for 10 minutes, carrying the kind, the id and the
 * purpose `preview`. The purpose keeps it apart from a session token signed with the same
 * secret: neither is accepted as the other (a session token has no `purpose`, and this one
 * has no `jti` nor `remember`).
 */
export const PREVIEW_LIFETIME_SECONDS = 10 * 60;
const ALGORITHM = 'HS256';
const PURPOSE = 'preview';

const claimsSchema = z.object({
  purpose: z.literal(PURPOSE),
  kind: z.string().refine(isPreviewKind),
  id: z.number().int().positive(),
});

export interface PreviewTarget {
  kind: PreviewKind;
  id: number;
}

export function signPreview(secret: string, target: PreviewTarget, now: Date = new Date()): string {
  const iat = Math.floor(now.getTime() / 1000);
  return jwt.sign(
    { purpose: PURPOSE, kind: target.kind, id: target.id, iat, exp: iat + PREVIEW_LIFETIME_SECONDS },
    secret,
    { algorithm: ALGORITHM },
  );
}

/** The target of a valid, unexpired preview token; null for anything else. */
export function verifyPreview(secret: string, token: string, now: Date = new Date()): PreviewTarget | null {
  try {
    const payload = jwt.verify(token, secret, {
      algorithms: [ALGORITHM],
      clockTimestamp: Math.floor(now.getTime() / 1000),
    });
    const claims = claimsSchema.safeParse(payload);
    return claims.success ? { kind: claims.data.kind as PreviewKind, id: claims.data.id } : null;
  } catch {
    return null;
  }
}
