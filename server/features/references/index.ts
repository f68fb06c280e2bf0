/** What other features use of the references (docs/decisions/0009-lint-format-and-boundaries.md). */
export { nextReference } from './next-reference';
