export { projectRevisions } from './project-revisions';
