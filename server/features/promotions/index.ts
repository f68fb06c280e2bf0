/** What other features use of promotions: its trash handler (docs/decisions/0039-trash.md). */
export { promotionTrash } from './promotion-trash';
