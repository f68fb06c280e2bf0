/** What other features use of auth: the dependencies their routes' guards take. */
export type { AuthDeps } from './auth-deps';
