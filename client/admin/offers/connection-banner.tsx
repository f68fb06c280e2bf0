import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '#shared/paths';
import { Can } from '#client/admin/kit';
import { checkConnection, type ConnectionReport } from './connection-check';

/**
 * The offer form's warning (product rules, Pages and routes): runs both checks once when the form opens and
 * shows 'Problèmes de connexion détectés' with what each check said. Nothing while the
 * checks run or when both are healthy: the form stays usable either way.
 */
export function ConnectionBanner() {
  const [report, setReport] = useState<ConnectionReport | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void checkConnection(controller.signal).then((result) => {
      if (result) setReport(result);
    });
    return () => controller.abort();
  }, []);

  if (!report || (report.api.ok && report.images.ok)) return null;
  return (
    <div className="connection-banner" role="alert">
      <p className="connection-banner-title">Problèmes de connexion détectés</p>
      <ul>
        {!report.api.ok && <li>API : {report.api.problem}</li>}
        {!report.images.ok && <li>Service d'images : {report.images.problem}</li>}
      </ul>
      <p>
        L'enregistrement ou l'envoi des images peut échouer.
        {/* The diagnostics are the administrator's screens. */}
        <Can access="operator">
          {' '}
          Détails et réparation : <Link to={paths.adminApiDiagnostic}>Diagnostic de l'API</Link>,{' '}
          <Link to={paths.adminImageDiagnostic}>Diagnostic et test d'images</Link>.
        </Can>
      </p>
    </div>
  );
}
