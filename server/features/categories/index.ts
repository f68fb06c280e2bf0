/** What other features use of the categories (docs/decisions/0009-lint-format-and-boundaries.md). */
export { categoryExists } from './categories.repository';
export { categoryTrash } from './category-trash';
