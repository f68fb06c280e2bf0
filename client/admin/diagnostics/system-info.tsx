import { useEffect, useState } from 'react';
import { API_BASE } from '#client/lib/api-client';
import { IMAGE_URL_KINDS, TYPED_IMAGE_PATTERN } from './image-urls';

/**
 * 'Informations système' and the help list of the API diagnostic (product rules, Pages and routes). The
 * origin is the browser's: read after mounting, like every window value.
 */
export function SystemInfo() {
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  return (
    <section className="admin-panel" aria-labelledby="diag-system-info">
      <h2 id="diag-system-info">Informations système</h2>
      <dl className="diag-facts">
        <dt>URL de base</dt>
        <dd>
          <code>{origin}</code>
        </dd>
        <dt>URL de l'API</dt>
        <dd>
          <code>{origin + API_BASE}</code>
        </dd>
        <dt>URL du stockage</dt>
        <dd>
          <code>{`${origin}/storage`}</code>
        </dd>
        <dt>Motif des URL d'images</dt>
        <dd>
          <code>{origin + TYPED_IMAGE_PATTERN}</code>
          <span className="diag-detail"> Types : {IMAGE_URL_KINDS.join(', ')}</span>
        </dd>
      </dl>
    </section>
  );
}

export function DiagnosticHelp() {
  return (
    <section className="admin-panel" aria-labelledby="diag-help">
      <h2 id="diag-help">En cas de problème</h2>
      <ul className="diag-help">
        <li>
          Vérifiez que le serveur est démarré (<code>npm start</code>) et qu'il répond sur{' '}
          <code>{API_BASE}/health-check</code>.
        </li>
        <li>
          Vérifiez que le lien de stockage <code>public/storage</code> → <code>storage/app/public</code>{' '}
          existe : sinon, utilisez « Réparer le stockage » dans le diagnostic des images.
        </li>
        <li>
          Vérifiez les variables d'environnement du serveur (<code>APP_URL</code>, <code>STORAGE_DIR</code>,{' '}
          <code>DATABASE_URL</code>, <code>JWT_SECRET</code>) puis redémarrez-le.
        </li>
        <li>
          Vérifiez les règles d'accès entre origines (CORS) : le site et l'API doivent être servis depuis la
          même origine, sinon le navigateur bloque les requêtes.
        </li>
      </ul>
    </section>
  );
}
