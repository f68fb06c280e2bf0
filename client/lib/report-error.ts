/**
 * React's production build reports hydration mismatches only through onRecoverableError;
 * sending them to console.error lets browser tests (and the developer tools) see them.
 */
export function reportRecoverableError(error: unknown, info?: { componentStack?: string }): void {
  console.error('Erreur de rendu récupérable :', error, info?.componentStack ?? '');
}
