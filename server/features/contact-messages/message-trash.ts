import type { TrashKindHandler } from '#server/features/trash';
import { deleteContactMessage } from './contact-messages.repository';

/** Contact messages in the trash (docs/product-rules.md, "Trash"): a row, no file. */
export const messageTrash: TrashKindHandler = {
  kind: 'message',
  table: 'contact_messages',
  entity: 'contact_message',
  label: (row) => [row.reference, row.name].filter(Boolean).map(String).join(' — '),
  // The log keeps the reference alone: the sender's name goes with the message.
  logLabel: (row) => String(row.reference ?? ''),
  publicImages: async () => [],
  async purgeRow(row, trx) {
    await deleteContactMessage(trx, row.id);
    return [];
  },
};
