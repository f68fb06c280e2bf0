import { ApiError } from '#client/lib/api-client';
import { failureMessage } from './api-checks';
import { screenMessages } from './diagnostic-messages';
import type { SystemDiagnostic } from './diagnostic-types';

/**
 * How the 'Diagnostic système' tab reads the diagnostic response (product rules, Pages and routes and Entities).
 * Pure, unit-tested.
 */
export type Badge = { label: 'OK' | 'Attention' | 'Erreur'; tone: 'success' | 'warning' | 'error' };

const GOOD = new Set(['ok', 'available', 'connected', 'success']);

/** Product rules, Pages and routes: OK for ok/available/connected/success; Attention for warning; Erreur otherwise. */
export function statusBadge(status: string | null | undefined): Badge {
  const value = (status ?? '').toLowerCase();
  if (GOOD.has(value)) return { label: 'OK', tone: 'success' };
  if (value === 'warning') return { label: 'Attention', tone: 'warning' };
  return { label: 'Erreur', tone: 'error' };
}

/**
 * The symbolic link has no status of its own in the response: a link that exists is ok, a
 * folder or file standing in its place (exists, not a link) is a warning, none an error.
 */
export function symlinkStatus(symlinks: SystemDiagnostic['symlinks']): 'ok' | 'warning' | 'error' {
  if (!symlinks.public_storage_exists) return 'error';
  return symlinks.is_symlink ? 'ok' : 'warning';
}

/** Product rules, Pages and routes: the red alerts above the cards. */
export function systemAlerts(diagnostic: SystemDiagnostic): { linkMissing: boolean; writeProblem: boolean } {
  return {
    linkMissing: !diagnostic.symlinks.public_storage_exists,
    writeProblem: diagnostic.storage.write_test !== 'success',
  };
}

const percentFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

export function formatPercent(value: number | null): string {
  return value === null ? 'Non disponible' : `${percentFormat.format(value)} %`;
}

/**
 * The reason under 'Impossible de récupérer le diagnostic…' (product rules, Messages and errors): 'Erreur HTTP:
 * {status}', followed by the server's own words when it gave some.
 */
export function screenFailureDetail(error: unknown): string {
  if (error instanceof ApiError) {
    const http = screenMessages.httpError(error.status);
    return error.message && !error.message.startsWith('Erreur HTTP') ? `${http} – ${error.message}` : http;
  }
  return failureMessage(error, 'request') ?? (error instanceof Error ? error.message : String(error));
}
