import type { Paged } from '#shared/paged';

/**
 * The rows a server-paged list shows, '1 à 15 sur 31' (`total` worded by the screen, e.g.
 * '31 soumissions'); null while the page holds no row.
 */
export function pageRange(page: Paged<unknown>, total: string = String(page.total)): string | null {
  return page.from !== null && page.to !== null ? `${page.from} à ${page.to} sur ${total}` : null;
}
