import { CheckCard } from './check-card';
import type { CheckResult } from './check-result';
import { FRENCH_STATUS } from './status-badge';
import { useDiagnosticLoad } from './use-diagnostic-load';

/**
 * What the server answers for a service it joins on demand (SMTP, Redis): never a password,
 * the service named by host and port only.
 */
interface ServiceReport {
  status: 'success' | 'error' | 'unconfigured';
  /** 'smtp://hôte:587', 'redis://hôte:6379', or null when the setting is unset. */
  endpoint: string | null;
  message: string;
  duration_ms: number | null;
}

export interface ServiceCheckTexts {
  title: string;
  button: string;
  idle: string;
  loading: string;
  failure: string;
}

// Unset is a choice (mails wait, one process), not a fault: shown as a warning.
const LABELS = { ...FRENCH_STATUS, warning: 'Non configuré' };

function resultOf(
  load: ReturnType<typeof useDiagnosticLoad<ServiceReport>>['load'],
  texts: ServiceCheckTexts,
): CheckResult {
  switch (load.state) {
    case 'idle':
      return { status: 'idle', message: texts.idle };
    case 'loading':
      return { status: 'pending', message: texts.loading };
    case 'error':
      return { status: 'error', message: texts.failure, detail: load.detail };
    case 'ready': {
      const { status, message, endpoint, duration_ms } = load.data;
      const where = [endpoint, duration_ms === null ? null : `${duration_ms} ms`].filter(Boolean).join(' — ');
      return { status: status === 'unconfigured' ? 'warning' : status, message, detail: where || undefined };
    }
  }
}

/** A card of the system diagnostic that joins a service when asked, like the rest of the tab. */
export function ServiceCheckCard({ path, texts }: { path: string; texts: ServiceCheckTexts }) {
  const { load, refresh } = useDiagnosticLoad<ServiceReport>(path);
  return (
    <CheckCard
      title={texts.title}
      result={resultOf(load, texts)}
      labels={LABELS}
      actions={
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => void refresh()}
          disabled={load.state === 'loading'}
        >
          {load.state === 'loading' ? 'Test en cours...' : texts.button}
        </button>
      }
    />
  );
}
