/** What other features use of products: its trash handler (docs/decisions/0039-trash.md). */
export { productTrash } from './product-trash';
