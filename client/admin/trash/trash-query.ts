import type { Paged } from '#shared/paged';
import { countOf } from '#shared/plural';
import type { Access } from '#shared/roles';
import { isTrashKind, TRASH_ACCESS, TRASH_KINDS, type TrashItem, type TrashKind } from '#shared/trash';
import {
  adminApi,
  pageParam,
  type ListQueryCodec,
  type ListQuery,
  type PagedLoader,
} from '#client/admin/kit';

/**
 * The 'Corbeille' screen's query, its API calls and its wording (docs/product-rules.md,
 * "Trash"): pure parts, tested on their own (tests/unit/admin-trash.test.ts).
 */

export const LOAD_ERROR = 'Erreur lors du chargement de la corbeille';
export const EMPTY_TEXT = 'La corbeille est vide.';
export const TRASH_PAGE_SIZE = 20;
const BASE = '/admin/trash';

/** The kind filter in the address: `?type=product&page=2` ('' for every kind). */
export type TrashQuery = ListQuery & { kind: '' | TrashKind };

export const trashCodec: ListQueryCodec<TrashQuery> = {
  read: (params) => {
    const kind = params.get('type');
    return { page: pageParam(params.get('page')), search: '', kind: isTrashKind(kind) ? kind : '' };
  },
  write: (params, query) => {
    const next = new URLSearchParams(params);
    if (query.page > 1) next.set('page', String(query.page));
    else next.delete('page');
    if (query.kind) next.set('type', query.kind);
    else next.delete('type');
    return next;
  },
};

/** The kinds a user sees in the trash: those whose deletion their role may do (TRASH_ACCESS). */
export function visibleKinds(allowed: (access: Access) => boolean): TrashKind[] {
  return (Object.keys(TRASH_KINDS) as TrashKind[]).filter((kind) => allowed(TRASH_ACCESS[kind]));
}

/**
 * A row's actions: 'Restaurer' for a role that deletes the kind (TRASH_ACCESS), 'Supprimer
 * définitivement' for the operator alone (docs/product-rules.md, "Trash").
 */
export function trashRowActions(
  allowed: (access: Access) => boolean,
  kind: TrashKind,
): { restore: boolean; purge: boolean } {
  return { restore: allowed(TRASH_ACCESS[kind]), purge: allowed('operator') };
}

/** The 'Type' filter's choices, in the order of TRASH_KINDS. */
export function kindOptions(kinds: readonly TrashKind[]): { value: TrashKind; label: string }[] {
  return kinds.map((kind) => ({ value: kind, label: TRASH_KINDS[kind] }));
}

export function trashListPath(request: { page: number; per_page: number; kind: string }): string {
  const query = new URLSearchParams({ page: String(request.page), per_page: String(request.per_page) });
  if (request.kind) query.set('kind', request.kind);
  return `${BASE}?${query.toString()}`;
}

export const loadTrash: PagedLoader<TrashQuery, Paged<TrashItem>> = (request, { signal }) =>
  adminApi<Paged<TrashItem>>(trashListPath(request), { signal });

/** How many items the whole trash holds (every kind the user sees): the 'Vider' confirmation's count. */
export async function trashTotal(): Promise<number> {
  const answer = await adminApi<Paged<TrashItem>>(trashListPath({ page: 1, per_page: 1, kind: '' }));
  return answer.total;
}

export const itemPath = (item: Pick<TrashItem, 'kind' | 'id'>) =>
  `${BASE}/${encodeURIComponent(item.kind)}/${item.id}`;

export function restoreItem(item: TrashItem): Promise<{ message: string }> {
  return adminApi<{ message: string }>(`${itemPath(item)}/restore`, { method: 'POST' });
}

export function purgeItem(item: TrashItem): Promise<{ message: string }> {
  return adminApi<{ message: string }>(itemPath(item), { method: 'DELETE' });
}

/** `kept`: the items the server could not purge yet (a category still holding products). */
export interface EmptyAnswer {
  message: string;
  kept?: number;
}

export function emptyTrash(): Promise<EmptyAnswer> {
  return adminApi<EmptyAnswer>(BASE, { method: 'DELETE' });
}

/** The emptying's toast: the server's message, and what stayed and why when something did. */
export function emptiedText(answer: EmptyAnswer): string {
  const kept = answer.kept ?? 0;
  if (kept === 0) return answer.message;
  const what =
    kept === 1
      ? "1 élément n'a pas pu être supprimé et reste dans la corbeille"
      : `${kept} éléments n'ont pas pu être supprimés et restent dans la corbeille`;
  return `${answer.message} ${what} (une catégorie qui contient encore des produits, par exemple).`;
}

/** The 'Reste' column: '29 jours', '1 jour', 'Dernier jour' (0: the purge comes before tomorrow). */
export function daysLeftText(daysLeft: number): string {
  return daysLeft <= 0 ? 'Dernier jour' : countOf(daysLeft, 'jour');
}

/** The purge's confirmation, naming the item and its kind ('Cet élément' fits every kind's gender). */
export function purgeQuestion(item: Pick<TrashItem, 'kind' | 'label'>): string {
  return `Supprimer définitivement « ${item.label} » (${TRASH_KINDS[item.kind]}) ? Cet élément et ses fichiers seront effacés. Cette action est irréversible.`;
}

/** The emptying's confirmation, with the count of what goes. */
export function emptyQuestion(count: number): string {
  const what =
    count < 2
      ? `${count} élément de la corbeille sera supprimé définitivement, avec ses fichiers.`
      : `Les ${count} éléments de la corbeille seront supprimés définitivement, avec leurs fichiers.`;
  return `${what} Cette action est irréversible.`;
}
