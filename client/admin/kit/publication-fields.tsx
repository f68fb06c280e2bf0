import { useState, type ReactNode } from 'react';
import { PUBLICATION_LABELS, PUBLICATION_STATES, type Publication } from '#shared/publication';
import { adminApi } from './admin-api';
import { DateTimeField, SelectField } from './form-fields';
import type { AdminForm, FormValues } from './form-state';
import type { Column } from './list-table';
import { toast } from './toast';
import { failureText } from './use-save-outcome';
import {
  publicationBadge,
  publicationOutcome,
  type PreviewKind,
  type PublicationValues,
} from './publication-values';

const STATE_OPTIONS = (Object.keys(PUBLICATION_STATES) as Publication[]).map((value) => ({
  value,
  label: PUBLICATION_STATES[value],
}));

export const PUBLISH_AT_HINT = 'Heure de Cotonou. Laissez vide pour publier dès l’enregistrement.';
export const PREVIEW_UNSAVED = 'Enregistrez d’abord pour voir l’aperçu.';

/**
 * The edit forms' 'Publication' block (docs/product-rules.md, "Drafts and scheduled
 * publishing"): 'État', 'Publier le' (Cotonou time), what saving will do, and 'Aperçu' of
 * the stored item in a new tab. A testimonial's state is its own checkbox: `state` takes
 * the place of 'État' and `published` says what it holds.
 */
export function PublicationFields<V extends FormValues & Partial<PublicationValues>>({
  form,
  preview,
  state: stateField,
  published,
}: {
  form: AdminForm<V>;
  /** The stored item to preview; no id: a new item, not saved yet. */
  preview: { kind: PreviewKind; id?: number | string };
  /** Another control of the state, in place of 'État' (a testimonial's 'Publier sur le site'). */
  state?: ReactNode;
  published?: boolean;
}) {
  const values = form.values as Partial<PublicationValues>;
  const state: Publication =
    stateField === undefined ? (values.publication ?? 'published') : published ? 'published' : 'draft';
  const outcome = publicationOutcome({ publication: state, publish_at: values.publish_at ?? '' });
  const [opening, setOpening] = useState(false);
  const noteId = `${form.fieldId('publication')}-preview-note`;

  async function openPreview() {
    if (preview.id === undefined) return;
    // Opened now, while the click still counts as the user's: a tab opened after the
    // request would be taken for a pop-up and blocked.
    const tab = window.open('', '_blank');
    setOpening(true);
    try {
      const answer = await adminApi<{ url: string }>(
        `/admin/preview/${preview.kind}/${encodeURIComponent(String(preview.id))}`,
        { method: 'POST' },
      );
      if (tab) tab.location.href = answer.url;
      else window.open(answer.url, '_blank');
    } catch (error) {
      tab?.close();
      toast({
        title: 'Aperçu impossible',
        description: failureText(error, 'L’aperçu n’a pas pu être ouvert. Réessayez.'),
        variant: 'destructive',
      });
    } finally {
      setOpening(false);
    }
  }

  return (
    <fieldset className="admin-fieldset publication-fields">
      <legend>Publication</legend>
      <div className="form-grid">
        {stateField ?? (
          <SelectField
            form={form}
            name={'publication' as keyof V & string}
            label="État"
            options={STATE_OPTIONS}
          />
        )}
        <DateTimeField
          form={form}
          name={'publish_at' as keyof V & string}
          label="Publier le"
          hint={PUBLISH_AT_HINT}
        />
      </div>
      <p className="publication-outcome" role="status">
        {outcome}
      </p>
      <div className="publication-preview">
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void openPreview()}
          disabled={preview.id === undefined || opening}
          aria-describedby={preview.id === undefined ? noteId : undefined}
        >
          Aperçu
        </button>
        {preview.id === undefined ? (
          <span id={noteId} className="muted">
            {PREVIEW_UNSAVED}
          </span>
        ) : (
          <span className="muted">La version enregistrée, dans un nouvel onglet.</span>
        )}
      </div>
    </fieldset>
  );
}

/** A list's 'État' column: 'Brouillon', 'Programmé' (the moment in the tooltip) or 'Publié'. */
export function publicationColumn<T>(
  stateOf: (row: T) => { publication: Publication; publish_at: string | null },
): Column<T> {
  return {
    header: 'État',
    cell: (row) => {
      const { publication, publish_at } = stateOf(row);
      return <PublicationBadge publication={publication} publishAt={publish_at} />;
    },
  };
}

export function PublicationBadge({
  publication,
  publishAt,
}: {
  publication: Publication;
  publishAt: string | null;
}) {
  const badge = publicationBadge(publication, publishAt);
  return (
    <span className={`badge publication-${badge.label}`} title={badge.title}>
      {PUBLICATION_LABELS[badge.label]}
    </span>
  );
}
