import type { Knex } from 'knex';
import { formatDate } from '#shared/format';
import { sitePhaseLabel } from '#shared/site-phases';
import { enqueueMail } from '#server/features/outbox';
import { renderMail, signatureBlock, whatsappLink } from './mail-layout';
import type { MailDeps } from './mail-deps';
import { greeting } from './visitor-name';

/**
 * The client's mail when a site update is published (docs/product-rules.md, "Site updates"),
 * queued in the transaction that publishes it. It carries no link to the tracking page:
 * only the token's hash is stored, so the old link cannot be rebuilt, and issuing a new
 * token would revoke the one the client already keeps (docs/decisions/0021-site-updates.md).
 * It tells the client to open the link they were given, and how to get a new one.
 */
export interface SiteUpdateForMail {
  submission: {
    id: number;
    reference: string | null;
    project_title: string;
    first_name: string;
    email: string;
  };
  date: string;
  phase: string;
  progress: number;
  text: string;
  photoCount: number;
  /**
   * The update's first photo, shown in the mail: its 320 px variant's key in the file
   * store and its size, attached inline at send time (outbox inlineImages).
   */
  firstPhoto?: { storageKey: string; width: number; height: number } | null;
}

/** The Content-ID of the first photo; one per mail, so a fixed name is enough. */
export const SITE_PHOTO_CID = 'photo-chantier';
/** The variant sent in the mail: small enough for a phone's data, wide enough to see. */
const MAIL_PHOTO_WIDTH = 320;

function photoBlock(photo: NonNullable<SiteUpdateForMail['firstPhoto']>) {
  const width = Math.min(MAIL_PHOTO_WIDTH, photo.width);
  const height = Math.max(1, Math.round((photo.height * width) / Math.max(1, photo.width)));
  return {
    kind: 'image' as const,
    cid: SITE_PHOTO_CID,
    alt: 'Photo du chantier jointe à cette mise à jour',
    width,
    height,
  };
}

export function siteUpdateClientMail(update: SiteUpdateForMail, deps: MailDeps) {
  const { site } = deps.config;
  const { submission } = update;
  const name = submission.reference ?? submission.project_title;
  return {
    subject: `Votre chantier ${name} : une nouvelle mise à jour est en ligne`,
    ...renderMail(site, {
      title: 'Une nouvelle mise à jour de votre chantier est en ligne',
      blocks: [
        { kind: 'paragraph', text: greeting(submission.first_name) },
        {
          kind: 'paragraph',
          text: `Notre équipe vient de publier une mise à jour du chantier de votre projet « ${submission.project_title} ».`,
        },
        {
          kind: 'facts',
          rows: [
            ['Référence', submission.reference],
            ['Date', formatDate(update.date)],
            ['Phase', sitePhaseLabel(update.phase)],
            ['Avancement', `${update.progress} %`],
            ['Photos', update.photoCount > 0 ? String(update.photoCount) : null],
          ],
        },
        { kind: 'quote', label: 'Le mot du chantier', text: update.text },
        ...(update.firstPhoto ? [photoBlock(update.firstPhoto)] : []),
        {
          kind: 'paragraph',
          text: 'Pour voir les photos et tout l’historique, ouvrez le lien de suivi personnel que nous vous avons envoyé pour ce projet. Par sécurité, ce courriel ne le contient pas.',
        },
        {
          kind: 'paragraph',
          text: `Lien perdu ? Demandez-nous-en un nouveau au ${site.phones.join(' ou ')}, à ${site.email} ou sur WhatsApp : ${whatsappLink(site)}.`,
        },
        signatureBlock(site),
      ],
    }),
  };
}

export async function queueSiteUpdateMail(
  trx: Knex | Knex.Transaction,
  update: SiteUpdateForMail,
  deps: MailDeps,
): Promise<void> {
  await enqueueMail(
    trx,
    {
      to: [update.submission.email],
      replyTo: deps.config.site.email,
      about: { type: 'submission', id: update.submission.id },
      ...siteUpdateClientMail(update, deps),
      inlineImages: update.firstPhoto
        ? [
            {
              cid: SITE_PHOTO_CID,
              filename: 'photo-chantier.webp',
              contentType: 'image/webp',
              storageKey: update.firstPhoto.storageKey,
            },
          ]
        : [],
    },
    deps.now,
  );
}
