import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '#client/lib/api-client';
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
  saveWithProgress,
  useEntityForm,
} from '#client/admin/kit';
import { QueuedUpdates } from './queued-updates';
import { rememberPage } from '#client/admin/kit/service-worker';
import { storedToken } from '#client/admin/kit/session-storage';
import {
  asOneSender,
  enqueue,
  forget,
  queuedFormData,
  sendPhotos,
  stillQueued,
  type PhotoSending,
} from './site-update-queue';
import { sendSitePhoto } from './send-site-photo';
import { askForSync, useSiteUpdateQueue } from './use-site-update-queue';
import { SitePhotosField } from './site-photos-field';
import { siteName, useSiteUpdates } from './use-site-updates';
import './sites.css';

/**
 * Posting or editing a site update (docs/product-rules.md, "Site updates"), made for a phone
 * on the building site: date (today by default), phase, progress, text, photos taken on the
 * spot with previews, and 'Publier' (the client is e-mailed the first time). The upload's
 * progress shows under the buttons: site connections are slow.
 *
 * A new update is first kept on the phone (site-update-queue.ts), then
 * sent: without a connection, or when the send gets no answer, it stays queued, the screen
 * says 'En attente d'envoi (N)' and it leaves by itself when the signal returns
 * (docs/decisions/0046-site-updates-offline.md). An edit is sent as before.
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

/** What a new update's save answers when it stayed on the phone. */
const QUEUED = { queued: true } as const;
/** The update was sent by the queue while this send waited for its turn: a success. */
const SENT_BY_QUEUE = { sent: true } as const;

const blankValues = (): Values => ({
  date: businessToday(),
  phase: '',
  progress: '',
  text: '',
  published: false,
  photos: [],
  removePhotoIds: [],
});

/**
 * Queues the new update, then tries to send it now as the queue's one sender: its photos
 * one by one as resumable uploads (their addresses kept in the queue entry), then the
 * update with their ids and its client id. Kept queued when nothing answers.
 */
async function queueThenSend(
  submissionId: number,
  collection: string,
  values: Values,
  onProgress: (share: number) => void,
  onPhotoState: (clientId: string, index: number, state: PhotoSending) => void,
): Promise<unknown> {
  const item = await enqueue({
    clientId: crypto.randomUUID(),
    submissionId,
    date: values.date,
    phase: values.phase,
    progress: values.progress,
    text: values.text,
    published: values.published,
    photos: values.photos.map((file) => ({ name: file.name, type: file.type, blob: file })),
  });
  if (!navigator.onLine) {
    await askForSync();
    return QUEUED;
  }
  try {
    return await asOneSender(async () => {
      // A send of the queue that held it first may have sent this update, or seen it refused.
      const waiting = await stillQueued(item.clientId);
      if (!waiting) return SENT_BY_QUEUE;
      if (waiting.refused !== null) throw new ApiError(waiting.refused, 422);
      const ready = await sendPhotos(waiting, storedToken() ?? '', sendSitePhoto, onPhotoState);
      const answer = await saveWithProgress(collection, undefined, queuedFormData(ready), onProgress);
      await forget(item.clientId);
      return answer;
    });
  } catch (error) {
    // No answer, or the server failing: the queue sends it later, the same id at most once.
    if (!(error instanceof ApiError) || error.status >= 500) {
      await askForSync();
      return QUEUED;
    }
    // Refused (a field, the request's status, the session): the form says why, nothing waits.
    await forget(item.clientId);
    throw error;
  }
}

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

  const queue = useSiteUpdateQueue(Number(submissionId));
  const collection = `/admin/project-submissions/${submissionId ?? ''}/updates`;
  // The service worker keeps this screen's document, so that it opens without signal.
  useEffect(() => rememberPage(window.location.href, `/api${collection}`), [collection]);

  const form = useEntityForm({
    schema: siteUpdateSchema,
    initialValues: blankValues(),
    waitForLoad: editing,
    // The stored update, once the site's updates have arrived.
    loaded: update && valuesOf(update),
    draftExclude: ['photos'],
    save: editing
      ? { collection, id: updateId, formData: (_data, values) => formData(values, editing) }
      : (_data, values, onProgress) =>
          queueThenSend(Number(submissionId), collection, values, onProgress, queue.onPhotoState),
    outcome: {
      editing,
      created: {
        title: siteUpdateMessages.created,
        description: 'La mise à jour du chantier est enregistrée.',
      },
      updated: { title: siteUpdateMessages.updated, description: 'Les changements sont enregistrés.' },
      backTo: back,
      failure: "Une erreur s'est produite lors de l'enregistrement de la mise à jour.",
      kept: (result) => {
        if (result !== QUEUED) return null;
        // The form is blank again for the next update; the queued one shows below.
        form.load(blankValues());
        queue.reload();
        return {
          title: 'Mise à jour gardée sur ce téléphone',
          description: 'Pas de connexion : elle sera envoyée d’elle-même au retour du réseau.',
        };
      },
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
      <QueuedUpdates items={queue.items} sent={queue.sent} sending={queue.sending} />
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
