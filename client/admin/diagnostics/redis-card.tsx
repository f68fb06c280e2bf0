import { CheckCard } from './check-card';
import type { CheckResult } from './check-result';
import { FRENCH_STATUS } from './status-badge';
import { useDiagnosticLoad } from './use-diagnostic-load';

/** GET /api/diagnostic/redis (server/features/diagnostics/redis-check.ts). */
interface RedisReport {
  status: 'success' | 'error' | 'unconfigured';
  endpoint: string | null;
  message: string;
  duration_ms: number | null;
}

const LABELS = { ...FRENCH_STATUS, warning: 'Non configuré' };

function resultOf(load: ReturnType<typeof useDiagnosticLoad<RedisReport>>['load']): CheckResult {
  switch (load.state) {
    case 'idle':
      return {
        status: 'idle',
        message: 'Cliquez sur « Tester Redis » pour vérifier l’état partagé des instances.',
      };
    case 'loading':
      return { status: 'pending', message: 'Connexion à Redis...' };
    case 'error':
      return { status: 'error', message: 'Impossible de récupérer le diagnostic Redis', detail: load.detail };
    case 'ready': {
      const { status, message, endpoint, duration_ms } = load.data;
      const where = [endpoint, duration_ms === null ? null : `${duration_ms} ms`].filter(Boolean).join(' — ');
      // Unset is a normal choice (one process), not a fault: shown as information.
      return { status: status === 'unconfigured' ? 'warning' : status, message, detail: where || undefined };
    }
  }
}

/**
 * The Redis card of the system diagnostic: the state several instances share (rate limits,
 * emptying of the page caches; docs/decisions/0022-shared-state-in-redis.md). Run on demand.
 */
export function RedisCard() {
  const { load, refresh } = useDiagnosticLoad<RedisReport>('/diagnostic/redis');
  return (
    <CheckCard
      title="État partagé (Redis)"
      result={resultOf(load)}
      labels={LABELS}
      actions={
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => void refresh()}
          disabled={load.state === 'loading'}
        >
          {load.state === 'loading' ? 'Test en cours...' : 'Tester Redis'}
        </button>
      }
    />
  );
}
