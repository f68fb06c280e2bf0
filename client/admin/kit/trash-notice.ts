import { paths } from '#shared/paths';
import type { Access } from '#shared/roles';
import type { TrashKind } from '#shared/trash';
import type { BulkAction } from './bulk-bar';
import { toast } from './toast';

/**
 * What every deletion of the back office says now that it moves the item to the trash
 * (docs/product-rules.md, "Trash"): the confirmation's warning and the success toast's way
 * to the trash. One home, so the eleven deletions cannot word it eleven ways.
 */

/**
 * The days an item stays in the trash: the default of the server's TRASH_RETENTION_DAYS
 * (docs/product-rules.md, "Trash"); the client has no way to read the running value.
 */
export const TRASH_DAYS = 30;

/** The sentence added to each deletion's confirmation ('Cet élément' fits every kind's gender). */
export const TRASH_WARNING = `Cet élément sera placé dans la corbeille pendant ${TRASH_DAYS} jours. Vous pourrez le restaurer.`;

/** The confirmation of a deletion naming its item: 'Êtes-vous sûr de vouloir supprimer « Ciment » ? Cet élément…'. */
export function deleteQuestion(label: string): string {
  return `Êtes-vous sûr de vouloir supprimer « ${label} » ? ${TRASH_WARNING}`;
}

/** The link of the success toast: the trash, opened on the deleted item's kind. */
export const TRASH_LINK_LABEL = 'Voir la corbeille';

/**
 * The success toast of a deletion ('Suppression réussie' and the entity's sentence), with
 * 'Voir la corbeille' where the item can be restored.
 */
export function toastMovedToTrash(kind: TrashKind, description: string): void {
  toast({
    title: 'Suppression réussie',
    description,
    link: { label: TRASH_LINK_LABEL, href: paths.adminTrashOf(kind) },
  });
}

/**
 * A list's bulk 'Supprimer' (docs/product-rules.md, "Bulk actions"): the rows go to the
 * trash, asked in the trash's words. `access` is the row deletion's; `description` adds to
 * the warning what the list refuses (a category still holding products).
 */
export function trashBulkAction(access: Access, description: string = TRASH_WARNING): BulkAction {
  return {
    action: 'delete',
    label: 'Supprimer',
    destructive: true,
    access,
    question: (count) => `Placer ${count} dans la corbeille ?`,
    description,
  };
}
