import { useId } from 'react';
import type { AssignableUser } from '#shared/assignment';
import {
  AssigneeSelect,
  DetailDialog,
  DetailItem as Item,
  visitorMailto,
  visitorTel,
  visitorWhatsapp,
} from '#client/admin/kit';
import type { ProjectSubmission } from '#shared/types';
import { formatDate, formatFileSize } from '#shared/format';
import { StatusBadge } from './status-badge';
import { SubmissionHistory } from './submission-history';
import { SubmissionFollowUp, SubmissionStatusBar, useSubmissionStatusForm } from './submission-status-form';
import { TrackingLinkPanel } from './tracking-link-panel';

function LinkOr({ href, text, external }: { href: string | null; text: string; external?: boolean }) {
  if (!href) return <>{text}</>;
  return external ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  ) : (
    <a href={href}>{text}</a>
  );
}

/**
 * The detail dialog (product rules, Pages and routes): everything the visitor sent, the attachments and the
 * team's follow-up. A native modal <dialog>: focus stays inside, Escape closes (asking
 * first when the follow-up has unsaved changes), the focus returns to the opener.
 */
export function SubmissionDialog({
  submission,
  onClose,
  onSaved,
  onDownload,
  users,
  onAssigned,
  downloading,
  downloadProblem,
}: {
  submission: ProjectSubmission;
  onClose: () => void;
  onSaved: (message: string | undefined) => void;
  onDownload: (submission: ProjectSubmission) => void;
  /** Who may be assigned (docs/product-rules.md, "Assignment"); null while loading. */
  users: readonly AssignableUser[] | null;
  onAssigned: (submission: ProjectSubmission) => void;
  downloading: boolean;
  /** The last download's failure, shown here since the toaster sits under the backdrop. */
  downloadProblem: string | null;
}) {
  const titleId = useId();
  const s = submission;
  const name = `${s.first_name} ${s.last_name}`;

  const whatsapp = visitorWhatsapp(s.phone, s.first_name, s.project_title);
  const status = useSubmissionStatusForm(s, onSaved);
  return (
    <DetailDialog
      title={`Soumission de ${name}`}
      onClose={onClose}
      footer={<SubmissionStatusBar status={status} onCancel={onClose} />}
      facts={
        <>
          <span className="nowrap">{s.reference}</span> · Reçue le {formatDate(s.created_at)} ·{' '}
          <StatusBadge status={s.status} />
        </>
      }
    >
      <section aria-labelledby={`${titleId}-contact`}>
        <h3 id={`${titleId}-contact`}>Contact</h3>
        <dl className="detail-list">
          <Item term="Nom">{name}</Item>
          <Item term="Entreprise">{s.company || <span className="muted">Non précisée</span>}</Item>
          <Item term="Email">
            <LinkOr href={visitorMailto(s.email, s.project_title, s.reference)} text={s.email} />
          </Item>
          <Item term="Téléphone">
            <LinkOr href={visitorTel(s.phone)} text={s.phone} />
          </Item>
          <Item term="WhatsApp">
            {whatsapp ? (
              <LinkOr href={whatsapp} text={`Écrire à ${s.first_name} sur WhatsApp`} external />
            ) : (
              <span className="muted">Numéro inutilisable pour WhatsApp</span>
            )}
          </Item>
        </dl>
      </section>

      <section aria-labelledby={`${titleId}-project`}>
        <h3 id={`${titleId}-project`}>Projet</h3>
        <dl className="detail-list">
          <Item term="Titre du projet">{s.project_title}</Item>
          <Item term="Type de projet">{s.project_type}</Item>
          <Item term="Budget estimé">{s.budget}</Item>
          <Item term="Localisation">{s.location}</Item>
          <Item term="Date de début souhaitée">
            {s.start_date ? formatDate(s.start_date) : <span className="muted">Non précisée</span>}
          </Item>
        </dl>
        <h4>Description détaillée</h4>
        <p className="submission-description">{s.description}</p>
      </section>

      <section aria-labelledby={`${titleId}-files`}>
        <h3 id={`${titleId}-files`}>Fichiers joints ({s.attachment_count})</h3>
        {s.attachments.length === 0 ? (
          <p className="muted">Aucun fichier joint.</p>
        ) : (
          <ul className="attachment-list">
            {s.attachments.map((file) => (
              <li key={file.id}>
                <span className="attachment-name">{file.original_name}</span>{' '}
                <span className="muted">({formatFileSize(file.size)})</span>
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className="btn btn-outline btn-small"
          onClick={() => onDownload(s)}
          disabled={s.attachment_count === 0 || downloading}
        >
          {downloading ? 'Téléchargement...' : 'Télécharger les fichiers (zip)'}
        </button>
        {downloadProblem && (
          <p className="form-error" role="alert">
            {downloadProblem}
          </p>
        )}
      </section>

      <section aria-labelledby={`${titleId}-follow`}>
        <h3 id={`${titleId}-follow`}>Suivi</h3>
        <AssigneeSelect
          path={`/admin/project-submissions/${s.id}/assignee`}
          assignee={s.assignee}
          users={users}
          onAssigned={onAssigned}
        />
        <SubmissionFollowUp submission={s} status={status} />
      </section>

      <section aria-labelledby={`${titleId}-history`}>
        <h3 id={`${titleId}-history`}>Historique</h3>
        <SubmissionHistory submissionId={s.id} />
      </section>

      <section aria-labelledby={`${titleId}-tracking`}>
        <h3 id={`${titleId}-tracking`}>Lien de suivi du client</h3>
        <TrackingLinkPanel submission={s} />
      </section>
    </DetailDialog>
  );
}
