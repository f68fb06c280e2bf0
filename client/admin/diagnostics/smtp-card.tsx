import { CheckCard } from './check-card';
import type { CheckResult } from './check-result';
import { FRENCH_STATUS } from './status-badge';
import { useDiagnosticLoad } from './use-diagnostic-load';

/** GET /api/diagnostic/smtp (server/features/diagnostics/smtp-check.ts). */
interface SmtpReport {
  status: 'success' | 'error' | 'unconfigured';
  endpoint: string | null;
  message: string;
  duration_ms: number | null;
}

const LABELS = { ...FRENCH_STATUS, warning: 'Non configuré' };

function resultOf(load: ReturnType<typeof useDiagnosticLoad<SmtpReport>>['load']): CheckResult {
  switch (load.state) {
    case 'idle':
      return { status: 'idle', message: 'Cliquez sur « Tester la connexion » pour joindre le serveur SMTP.' };
    case 'loading':
      return { status: 'pending', message: 'Connexion au serveur SMTP...' };
    case 'error':
      return { status: 'error', message: 'Impossible de récupérer le diagnostic SMTP', detail: load.detail };
    case 'ready': {
      const { status, message, endpoint, duration_ms } = load.data;
      const where = [endpoint, duration_ms === null ? null : `${duration_ms} ms`].filter(Boolean).join(' — ');
      return {
        status: status === 'unconfigured' ? 'warning' : status,
        message,
        detail: where || undefined,
      };
    }
  }
}

/**
 * The SMTP card of the system diagnostic: joins the server of SMTP_URL and says hello,
 * never sends a mail. Run on demand, like the rest of the tab.
 */
export function SmtpCard() {
  const { load, refresh } = useDiagnosticLoad<SmtpReport>('/diagnostic/smtp');
  return (
    <CheckCard
      title="Serveur d'envoi (SMTP)"
      result={resultOf(load)}
      labels={LABELS}
      actions={
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => void refresh()}
          disabled={load.state === 'loading'}
        >
          {load.state === 'loading' ? 'Test en cours...' : 'Tester la connexion'}
        </button>
      }
    />
  );
}
