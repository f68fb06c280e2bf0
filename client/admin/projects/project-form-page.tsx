import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { PROJECT_STATUSES } from '#shared/constants';
import { projectSchema } from '#shared/schemas/project';
import type { ProjectDetail } from '#shared/types';
import { paths } from '#shared/paths';
import {
  AdminForm,
  DateField,
  DescriptionField,
  FormActions,
  PublicationFields,
  PageHeader,
  RevisionHistory,
  SelectField,
  Spinner,
  TextField,
  useAdminItem,
  useEntityForm,
} from '#client/admin/kit';
import { CategoryChips } from './category-chips';
import { ExtraTexts } from './extra-texts';
import { ImageListField } from './image-list-field';
import { MainImageField } from './main-image-field';
import {
  emptyProjectValues,
  filesLostByDraft,
  projectFormData,
  projectValues,
  validateProjectImages,
} from './project-form-values';
import './projects.css';

/** Product rules, Pages and routes: the edit form's words when the project cannot be read. */
const NOT_FOUND = 'Projet non trouvé';

/**
 * New and edit project (product rules, Pages and routes, Entities and States, Validation, API and Messages and errors;
 * product rules: editing loads the project from the API, and can remove or replace the main image
 * and any stored render or project image and edit their descriptions).
 */
export function Component() {
  const { projectId } = useParams();
  const editing = projectId !== undefined;
  const [round, setRound] = useState(0);

  const form = useEntityForm({
    schema: projectSchema,
    initialValues: emptyProjectValues(),
    waitForLoad: editing,
    validate: validateProjectImages,
    save: {
      collection: '/projects',
      id: projectId,
      formData: (data, values) => projectFormData(data, values, editing),
    },
    outcome: {
      editing,
      created: { title: 'Projet créé', description: 'Le projet a bien été créé.' },
      updated: { title: 'Projet mis à jour', description: 'Le projet a bien été mis à jour.' },
      backTo: paths.adminProjects,
      failure: 'Une erreur est survenue',
    },
  });

  const loaded = useAdminItem<ProjectDetail>(editing ? `/projects/${projectId}` : null, {
    round,
    onLoaded: (project) => form.load(projectValues(project)),
  });

  const title = editing ? 'Modifier le projet' : 'Nouveau projet';
  if (editing && loaded.status === 'loading') return <Spinner label="Chargement..." />;
  if (editing && loaded.status === 'failed') {
    return (
      <>
        <PageHeader title={title} />
        <div className="list-error" role="alert">
          <p>{loaded.notFound ? NOT_FOUND : `Erreur lors du chargement du projet : ${loaded.message}`}</p>
          {!loaded.notFound && (
            <button type="button" className="btn btn-outline" onClick={() => setRound((n) => n + 1)}>
              Réessayer
            </button>
          )}
        </div>
      </>
    );
  }
  const savedMainImage = loaded.status === 'ready' ? (loaded.item.main_image ?? '') : '';

  // A stored status outside the four (product rules, States: "any other value shown as is").
  const statuses: string[] = [...PROJECT_STATUSES];
  if (form.values.status && !statuses.includes(form.values.status)) statuses.push(form.values.status);

  return (
    <>
      <PageHeader title={title}>
        {loaded.status === 'ready' && (
          <RevisionHistory kind="project" id={loaded.item.id} onRestored={() => setRound((n) => n + 1)} />
        )}
      </PageHeader>
      <AdminForm form={form} label={title} className="project-form">
        {form.restoredDraft && filesLostByDraft(form.values) && (
          <p className="draft-note" role="status">
            Les images choisies n’ont pas pu être conservées dans le brouillon : choisissez de nouveau les
            fichiers signalés ci-dessous.
          </p>
        )}
        <div className="form-grid">
          <TextField form={form} name="title" label="Titre" required hint="Au moins 3 caractères." />
          <TextField
            form={form}
            name="numéro"
            label="Numéro"
            required
            hint="Au moins 3 caractères, par exemple PRJ-2025-001."
          />
        </div>
        <div className="form-grid">
          <DateField form={form} name="date" label="Date" required />
          <SelectField
            form={form}
            name="status"
            label="Statut"
            required
            options={statuses.map((status) => ({ value: status, label: status }))}
          />
        </div>
        <DescriptionField form={form} rows={4} />
        <CategoryChips form={form} />
        <MainImageField form={form} savedPath={savedMainImage} />
        <ImageListField
          form={form}
          list="renders"
          title="Rendus architecturaux"
          addLabel="Ajouter un rendu"
          kind="Rendu"
          newKind="Nouveau rendu"
        />
        <ImageListField
          form={form}
          list="photos"
          title="Images du projet"
          addLabel="Ajouter une image"
          kind="Image"
          newKind="Nouvelle image"
        />
        <ExtraTexts form={form} />
        <PublicationFields form={form} preview={{ kind: 'project', id: projectId }} />
        <FormActions
          form={form}
          submitLabel={editing ? 'Mettre à jour' : 'Créer le projet'}
          cancelTo={paths.adminProjects}
        />
      </AdminForm>
    </>
  );
}
