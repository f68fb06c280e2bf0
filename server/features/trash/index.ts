/** What other features use of the trash (docs/decisions/0039-trash.md). */
export type { TrashKindHandler, TrashRow } from './trash-kind';
export {
  moveToTrash,
  moveManyToTrash,
  purgeFromTrash,
  restoreFromTrash,
  purgeExpired,
  type TrashDeps,
  type TrashWriteDeps,
} from './trash.service';
export { trashRoutes } from './trash.routes';
export { startTrashPurge, type TrashPurge } from './trash-purge';
