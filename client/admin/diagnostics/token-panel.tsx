import { useCallback, useEffect, useState } from 'react';
import { storedToken } from '#client/admin/kit';
import { CheckCard } from './check-card';
import { formatUnixSeconds } from '#shared/format';
import { diagnoseToken, formatDuration, tokenCheck, type TokenDiagnosis } from './token-diagnosis';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The token diagnostic (product rules, Roles and access; product rules: a panel of the API diagnostic). Reads the
 * stored access_token each time it runs (another tab may have renewed or removed it); the
 * token itself is never shown, only its claims.
 */
export function TokenPanel({ runSignal }: { runSignal: number }) {
  const [diagnosis, setDiagnosis] = useState<TokenDiagnosis | null>(null);
  const check = useCallback(() => setDiagnosis(diagnoseToken(storedToken(), nowSeconds())), []);

  // Runs on load and with 'Lancer tous les tests' (runSignal changes).
  useEffect(check, [check, runSignal]);

  const result = diagnosis
    ? tokenCheck(diagnosis)
    : { status: 'pending' as const, message: 'Vérification en cours...' };
  return (
    <CheckCard
      title="Token d'authentification"
      result={result}
      actions={
        <button type="button" className="btn btn-outline btn-small" onClick={check}>
          Vérifier le token
        </button>
      }
    >
      {diagnosis && (diagnosis.outcome === 'valid' || diagnosis.outcome === 'expired') && (
        <dl className="diag-facts">
          {diagnosis.sub !== undefined && (
            <>
              <dt>Utilisateur (sub)</dt>
              <dd>{diagnosis.sub}</dd>
            </>
          )}
          {diagnosis.iat !== undefined && (
            <>
              <dt>Émis le</dt>
              <dd>{formatUnixSeconds(diagnosis.iat)}</dd>
            </>
          )}
          {diagnosis.exp !== undefined && (
            <>
              <dt>{diagnosis.outcome === 'expired' ? 'Expiré le' : 'Expire le'}</dt>
              <dd>{formatUnixSeconds(diagnosis.exp)}</dd>
            </>
          )}
          {diagnosis.remainingSeconds !== undefined && (
            <>
              <dt>Temps restant</dt>
              <dd>{formatDuration(diagnosis.remainingSeconds)}</dd>
            </>
          )}
        </dl>
      )}
    </CheckCard>
  );
}
