import { useEffect, useState } from 'react';
import { adminFetch, useObjectUrl } from '#client/admin/kit';

/**
 * A stored site photo in the back office. Site photos are private (never under /storage):
 * the API serves them to an administrator's token only, which an <img src> cannot send, so
 * the picture is fetched with the token and shown from an object URL.
 */
export function PrivatePhoto({
  path,
  alt,
  width,
  height,
}: {
  path: string;
  alt: string;
  width: number;
  height: number;
}) {
  const [blob, setBlob] = useState<Blob | null>(null);
  const url = useObjectUrl(blob);
  useEffect(() => {
    const controller = new AbortController();
    adminFetch(path, { accept: 'image/webp', signal: controller.signal })
      .then(async (response) => (response.ok ? setBlob(await response.blob()) : undefined))
      .catch(() => undefined);
    return () => controller.abort();
  }, [path]);
  const shownWidth = Math.min(160, width);
  const shownHeight = Math.max(1, Math.round((height * shownWidth) / width));
  return url ? (
    <img className="site-thumb" src={url} alt={alt} width={shownWidth} height={shownHeight} />
  ) : (
    <span className="site-thumb site-thumb-empty" role="img" aria-label={alt} />
  );
}
