import { existsSync } from 'node:fs';
import { IMAGE_KINDS, type ImageKind, type StorageLayout } from '#server/storage/layout';
import { bucketOf, type BucketStore } from '#server/storage/storage-for';
import { publicLinkReport } from './public-link';
import { isReadableFolder } from './storage-check';

/**
 * GET /test-images (product rules, API: status and storage_link), run by the offer form and
 * the diagnostics before relying on images. 'error' when images cannot be read at all
 * (the public folder or a kind's folder missing or unreadable); 'warning' when they can
 * but the public storage link is missing or points elsewhere ('Réparer le stockage' fixes
 * both); 'ok' otherwise.
 */
export interface ImageServiceCheck {
  status: 'ok' | 'warning' | 'error';
  message: string;
  storage_link: { exists: boolean; is_symlink: boolean; target: string | null };
  image_folders: Record<ImageKind, { exists: boolean; readable: boolean }>;
}

const MESSAGES = {
  ok: "Service d'images opérationnel.",
  warning: 'Le lien public/storage est manquant ou incorrect : utilisez « Réparer le stockage ».',
  error: "Dossiers d'images manquants ou illisibles : utilisez « Réparer le stockage ».",
} as const;

const BUCKET_UNREACHABLE =
  "Stockage objet (S3) injoignable : vérifiez S3_ENDPOINT, S3_BUCKET et les clés d'accès.";

/** With STORAGE_DRIVER=s3 images come from the bucket: no folders, no link to check. */
async function bucketImageCheck(bucket: BucketStore): Promise<ImageServiceCheck> {
  const { reachable } = await bucket.check();
  return {
    status: reachable ? 'ok' : 'error',
    message: reachable ? MESSAGES.ok : BUCKET_UNREACHABLE,
    storage_link: { exists: false, is_symlink: false, target: null },
    image_folders: Object.fromEntries(
      IMAGE_KINDS.map((kind) => [kind, { exists: reachable, readable: reachable }]),
    ) as ImageServiceCheck['image_folders'],
  };
}

export async function imageServiceCheck(layout: StorageLayout): Promise<ImageServiceCheck> {
  const bucket = bucketOf(layout.files);
  if (bucket) return bucketImageCheck(bucket);
  const folders = await Promise.all(
    IMAGE_KINDS.map(async (kind): Promise<[ImageKind, { exists: boolean; readable: boolean }]> => {
      const dir = layout.imageDir(kind);
      return [kind, { exists: existsSync(dir), readable: await isReadableFolder(dir) }];
    }),
  );
  const link = publicLinkReport(layout);
  const foldersOk =
    (await isReadableFolder(layout.publicDir)) && folders.every(([, state]) => state.readable);
  const status = !foldersOk ? 'error' : link.pointsToStorage ? 'ok' : 'warning';
  return {
    status,
    message: MESSAGES[status],
    storage_link: { exists: link.exists, is_symlink: link.isSymlink, target: link.target },
    image_folders: Object.fromEntries(folders) as ImageServiceCheck['image_folders'],
  };
}
