import type { ReactNode } from 'react';
import type { SystemDiagnostic } from './diagnostic-types';
import { formatPercent, statusBadge, symlinkStatus, systemAlerts } from './system-status';
import { countOf } from '#shared/plural';

/** The result of a system diagnostic run (product rules, Pages and routes, 'Diagnostic système'). */
export function SystemReport({ data, repairButtonId }: { data: SystemDiagnostic; repairButtonId: string }) {
  const alerts = systemAlerts(data);
  const { database, storage, symlinks, environment } = data;
  return (
    <>
      {alerts.linkMissing && (
        <div className="diag-alert diag-alert-error" role="alert">
          <p className="diag-alert-title">Lien symbolique manquant</p>
          <p>
            Le lien <code>public/storage</code> vers <code>storage/app/public</code> n'existe pas : les images
            ne peuvent pas être servies. Cliquez sur{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => document.getElementById(repairButtonId)?.focus()}
            >
              « Réparer le stockage »
            </button>{' '}
            pour le recréer.
          </p>
        </div>
      )}
      {alerts.writeProblem && (
        <div className="diag-alert diag-alert-error" role="alert">
          <p className="diag-alert-title">Problème d'écriture</p>
          <p>
            Le test d'écriture a échoué : vérifiez les permissions des dossiers de stockage (droits d'écriture
            du serveur).
          </p>
        </div>
      )}
      <div className="diag-grid">
        <StatusCard title="Base de données" status={database.status}>
          <Fact term="Base">{database.database_name || 'Non disponible'}</Fact>
          <Fact term="Utilisateurs">{database.user_count ?? 'Non disponible'}</Fact>
        </StatusCard>
        {storage.bucket ? (
          <StatusCard title="Stockage objet (S3)" status={storage.status}>
            <Fact term="Bucket">
              <code>{storage.bucket.location}</code>
            </Fact>
            <Fact term="Joignable">{storage.bucket.reachable ? 'Oui' : 'Non'}</Fact>
            <Fact term="Test d'écriture">{storage.write_test === 'success' ? 'Réussi' : 'Échec'}</Fact>
            {storage.bucket.error && <Fact term="Erreur">{storage.bucket.error}</Fact>}
          </StatusCard>
        ) : (
          <StatusCard title="Stockage" status={storage.status}>
            <Fact term="Espace utilisé">{formatPercent(storage.space_usage_percent)}</Fact>
            <Fact term="Test d'écriture">{storage.write_test === 'success' ? 'Réussi' : 'Échec'}</Fact>
          </StatusCard>
        )}
        <StatusCard title="Lien symbolique" status={symlinkStatus(symlinks)}>
          <Fact term="public/storage">
            {symlinks.public_storage_exists ? 'Lien existant' : 'Lien manquant'}
          </Fact>
          <Fact term="Cible">
            {symlinks.symlink_target ? <code>{symlinks.symlink_target}</code> : 'Aucune'}
          </Fact>
        </StatusCard>
      </div>
      <section className="admin-panel" aria-labelledby="diag-folders">
        <h2 id="diag-folders">Dossiers d'images</h2>
        <FolderList folders={storage.image_folders} />
      </section>
      {storage.private_folders && (
        <section className="admin-panel" aria-labelledby="diag-private-folders">
          <h2 id="diag-private-folders">Dossiers privés (pièces jointes, photos de chantier)</h2>
          <FolderList folders={storage.private_folders} />
        </section>
      )}
      <section className="admin-panel" aria-labelledby="diag-environment">
        <h2 id="diag-environment">Environnement</h2>
        <dl className="diag-facts">
          <Fact term="Version de Node.js">
            {environment.node_version ?? environment.php_version?.replace(/^Version de Node\.js:\s*/, '')}
          </Fact>
          <Fact term="Logiciel serveur">{environment.server_software}</Fact>
          <Fact term="Système d'exploitation">{environment.os}</Fact>
          <Fact term="Environnement de l'application">{environment.app_environment}</Fact>
          <Fact term="URL de l'application">{environment.app_url}</Fact>
          <Fact term="Disque de stockage">{environment.filesystem_disk}</Fact>
          <Fact term="Taille maximale d'envoi">{environment.max_upload_size}</Fact>
          <Fact term="Limite de mémoire">{environment.memory_limit}</Fact>
        </dl>
      </section>
    </>
  );
}

function StatusCard({ title, status, children }: { title: string; status: string; children: ReactNode }) {
  const badge = statusBadge(status);
  return (
    <section className="admin-panel diag-check" aria-label={title}>
      <div className="diag-check-head">
        <h2>{title}</h2>
        <span className={`badge diag-badge diag-${badge.tone}`}>{badge.label}</span>
      </div>
      <dl className="diag-facts">{children}</dl>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children ?? 'Non disponible'}</dd>
    </>
  );
}

function FolderList({ folders }: { folders: Record<string, { exists: boolean; file_count: number }> }) {
  return (
    <ul className="diag-folders">
      {Object.entries(folders).map(([name, folder]) => (
        <li key={name}>
          <code>{name}</code>{' '}
          <span className={`badge diag-badge diag-${folder.exists ? 'success' : 'error'}`}>
            {folder.exists ? 'Existe' : 'Manquant'}
          </span>{' '}
          <span className="diag-detail">{countOf(folder.file_count, 'fichier')}</span>
        </li>
      ))}
    </ul>
  );
}
