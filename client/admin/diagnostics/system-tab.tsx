import { useState } from 'react';
import { adminApi, isSessionEnd, Spinner, toast } from '#client/admin/kit';
import { screenMessages } from './diagnostic-messages';
import type { SystemDiagnostic } from './diagnostic-types';
import { LegalIdentityCard } from './legal-identity-card';
import { RedisCard } from './redis-card';
import { SmtpCard } from './smtp-card';
import { SystemReport } from './system-report';
import { useDiagnosticLoad } from './use-diagnostic-load';

const REPAIR_BUTTON_ID = 'diag-repair-storage';

/**
 * 'Diagnostic système' (product rules, Pages and routes; product rules: the "system diagnostic screen" is this tab).
 * Nothing runs until 'Actualiser' (an info alert says so); 'Réparer le stockage' recreates
 * the folders and the public link, then the diagnostic runs again to show the result.
 */
export function SystemTab() {
  const { load, refresh } = useDiagnosticLoad<SystemDiagnostic>('/diagnostic/system');
  const [repairing, setRepairing] = useState(false);

  async function repair() {
    setRepairing(true);
    try {
      await adminApi('/diagnostic/repair-storage', { method: 'POST' });
      toast({ title: 'Succès', description: screenMessages.repaired });
      void refresh();
    } catch (error) {
      if (isSessionEnd(error)) return;
      const message = error instanceof Error ? error.message : String(error);
      toast({ title: 'Erreur', description: screenMessages.repairFailed(message), variant: 'destructive' });
    } finally {
      setRepairing(false);
    }
  }

  const loading = load.state === 'loading';
  return (
    <div className="diag-stack">
      <div className="diag-toolbar">
        <button type="button" className="btn btn-primary" onClick={() => void refresh()} disabled={loading}>
          {loading ? 'Chargement...' : 'Actualiser'}
        </button>
        <button
          type="button"
          id={REPAIR_BUTTON_ID}
          className="btn btn-outline"
          onClick={() => void repair()}
          disabled={repairing}
        >
          {repairing ? 'Réparation en cours...' : 'Réparer le stockage'}
        </button>
      </div>
      {load.state === 'idle' && (
        <p className="diag-alert diag-alert-info" role="status">
          Cliquez sur « Actualiser » pour lancer le diagnostic du système.
        </p>
      )}
      {loading && <Spinner label="Chargement du diagnostic..." />}
      {load.state === 'error' && (
        <div className="diag-alert diag-alert-error" role="alert">
          <p className="diag-alert-title">{screenMessages.diagnosticFailed}</p>
          <p>{load.detail}</p>
        </div>
      )}
      {load.state === 'ready' && <SystemReport data={load.data} repairButtonId={REPAIR_BUTTON_ID} />}
      <SmtpCard />
      <RedisCard />
      <LegalIdentityCard />
    </div>
  );
}
