/** What the server uses of the assignment (docs/product-rules.md, "Assignment"). */
export { assignmentRoutes } from './assignment.routes';
