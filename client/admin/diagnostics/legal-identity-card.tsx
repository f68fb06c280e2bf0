import { useEffect } from 'react';
import { CheckCard } from './check-card';
import type { CheckResult } from './check-result';
import { useDiagnosticLoad } from './use-diagnostic-load';

/** GET /api/diagnostic/legal-identity (server/features/diagnostics/legal-identity-check.ts). */
interface LegalIdentityReport {
  status: 'success' | 'warning';
  missing: string[];
  message: string;
}

function resultOf(load: ReturnType<typeof useDiagnosticLoad<LegalIdentityReport>>['load']): CheckResult {
  switch (load.state) {
    case 'idle':
    case 'loading':
      return { status: 'pending', message: 'Vérification des mentions légales...' };
    case 'error':
      return { status: 'error', message: 'Impossible de vérifier les mentions légales', detail: load.detail };
    case 'ready':
      return { status: load.data.status, message: load.data.message };
  }
}

/**
 * Whether the legal notices name the company as the law asks. Read from the settings, it
 * costs nothing, so it runs as soon as the tab opens: a warning nobody asked for is the point.
 */
export function LegalIdentityCard() {
  const { load, refresh } = useDiagnosticLoad<LegalIdentityReport>('/diagnostic/legal-identity');
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return <CheckCard title="Mentions légales" result={resultOf(load)} />;
}
