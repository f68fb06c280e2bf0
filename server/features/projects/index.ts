/** What other features use of projects: its trash handler (docs/decisions/0039-trash.md). */
export { projectTrash } from './project-trash';
