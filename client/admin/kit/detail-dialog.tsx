import { useId, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';
import './detail-dialog.css';

/**
 * The back office's detail dialog (a submission, a contact message): a native modal
 * <dialog> named by its title, a line of facts under it, 'Fermer', then the body. Focus
 * stays inside and returns to the opener; Escape asks the screen to close it (`onClose`),
 * which may first ask about unsaved changes, since the URL holds the open dialog. A
 * `footer` (a form's status and save) stays at the bottom of the dialog however far its
 * body is scrolled, so it is in view on a 768 px high screen.
 */
export function DetailDialog({
  title,
  facts,
  onClose,
  className,
  footer,
  children,
}: {
  title: string;
  facts: ReactNode;
  onClose: () => void;
  className?: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const dialog = useModalDialog();
  const titleId = useId();
  return (
    <dialog
      ref={dialog}
      className={className ? `detail-dialog ${className}` : 'detail-dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <header className="detail-dialog-head">
        <div>
          <h2 id={titleId}>{title}</h2>
          <p className="muted">{facts}</p>
        </div>
        <button type="button" className="btn btn-outline btn-small" onClick={onClose}>
          Fermer
        </button>
      </header>
      <div className="detail-dialog-body">{children}</div>
      {footer && <footer className="detail-dialog-foot">{footer}</footer>}
    </dialog>
  );
}

/** One fact of a detail list (`<dl className="detail-list">`). */
export function DetailItem({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="detail-item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
