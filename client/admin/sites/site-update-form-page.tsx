import { Link, useParams } from 'react-router-dom';
import { businessToday } from '#shared/calendar';
import { paths } from '#shared/paths';
import { siteUpdateMessages, siteUpdateSchema } from '#shared/schemas/site-update';
import { SITE_PHASES } from '#shared/site-phases';
import type { AdminSiteUpdate } from '#shared/site-updates';
import {
  AdminForm,
  CheckboxField,
  DateField,
  FormActions,
  NumberField,
  PageHeader,
  SelectField,
  Spinner,
  TextareaField,
  useEntityForm,
} from '#client/admin/kit';
import { SitePhotosField } from './site-photos-field';
import { siteName, useSiteUpdates } from './use-site-updates';
import './sites.css';

/**
 * Posting or editing a site update (docs/product-rules.md, "Site updates"), made for a phone
 * on the building site: date (today by default), phase, progress, text, photos taken on the
 * spot with previews, and 'Publier' (the client is e-mailed the first time). The upload's
 * progress shows under the buttons: site connections are slow.
 */
interface Values {
  [key: string]: unknown;
  date: string;
  phase: string;
  progress: string;
  text: string;
  published: boolean;
  photos: File[];
  removePhotoIds: number[];
}

const PHASE_OPTIONS = SITE_PHASES.map((phase) => ({ value: phase.code, label: phase.label }));

function valuesOf(update: AdminSiteUpdate): Values {
  return {
    date: update.date,
    phase: update.phase,
    progress: String(update.progress),
    text: update.text,
    published: update.published,
    photos: [],
    removePhotoIds: [],
  };
}

function formData(values: Values, editing: boolean): FormData {
  const body = new FormData();
  if (editing) body.append('_method', 'PUT');
  body.append('date', values.date);
  body.append('phase', values.phase);
  body.append('progress', values.progress);
  body.append('text', values.text);
  body.append('published', values.published ? '1' : '0');
  for (const id of values.removePhotoIds) body.append('removePhotoIds[]', String(id));
  for (const file of values.photos) body.append('photos[]', file, file.name);
  return body;
}

export function Component() {
  const { submissionId, updateId } = useParams();
  const editing = updateId !== undefined;
  const state = useSiteUpdates(submissionId);
  const back = paths.adminSite(submissionId ?? '');
  const update =
    state.status === 'ready' && editing
      ? state.updates.find((one) => String(one.id) === updateId)
      : undefined;

  const form = useEntityForm({
    schema: siteUpdateSchema,
    initialValues: {
      date: businessToday(),
      phase: '',
      progress: '',
      text: '',
      published: false,
      photos: [],
      removePhotoIds: [],
    } as Values,
    waitForLoad: editing,
    // The stored update, once the site's updates have arrived.
    loaded: update && valuesOf(update),
    draftExclude: ['photos'],
    save: {
      collection: `/admin/project-submissions/${submissionId ?? ''}/updates`,
      id: updateId,
      formData: (_data, values) => formData(values, editing),
    },
    outcome: {
      editing,
      created: {
        title: siteUpdateMessages.created,
        description: 'La mise à jour du chantier est enregistrée.',
      },
      updated: { title: siteUpdateMessages.updated, description: 'Les changements sont enregistrés.' },
      backTo: back,
      failure: "Une erreur s'est produite lors de l'enregistrement de la mise à jour.",
    },
  });

  if (state.status === 'loading') return <Spinner label="Chargement..." />;
  if (state.status === 'failed' || (editing && !update))
    return (
      <div className="admin-panel">
        <p role="alert">
          {state.status === 'failed' && !state.notFound ? state.message : siteUpdateMessages.notFound}
        </p>
        <Link to={paths.adminSites}>Retour aux chantiers</Link>
      </div>
    );

  const { request } = state;
  const title = editing ? 'Modifier la mise à jour' : 'Nouvelle mise à jour';
  return (
    <>
      <PageHeader title={title} lead={`Chantier ${siteName(request)} · ${request.client_name}`} />
      {request.status !== 'approved' ? (
        <p className="admin-panel" role="alert">
          {siteUpdateMessages.notApproved}
        </p>
      ) : (
        <AdminForm form={form} label={title} className="admin-panel site-update-form">
          <div className="form-grid">
            <DateField form={form} name="date" label="Date" required />
            <SelectField
              form={form}
              name="phase"
              label="Phase"
              placeholder="Sélectionnez une phase"
              options={PHASE_OPTIONS}
              required
            />
            <NumberField form={form} name="progress" label="Avancement (%)" placeholder="0 à 100" required />
          </div>
          <TextareaField
            form={form}
            name="text"
            label="Texte"
            rows={5}
            placeholder="Ce qui a été fait, ce qui vient ensuite…"
            required
          />
          <SitePhotosField form={form} stored={update?.photos ?? []} />
          <CheckboxField
            form={form}
            name="published"
            label={
              update?.published_at
                ? 'Publiée (visible par le client)'
                : 'Publier : la mise à jour devient visible par le client, qui est prévenu par e-mail'
            }
          />
          <FormActions
            form={form}
            submitLabel="Enregistrer"
            submittingLabel="Envoi en cours..."
            cancelTo={back}
          />
        </AdminForm>
      )}
    </>
  );
}
