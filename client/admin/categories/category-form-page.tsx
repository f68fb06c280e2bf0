import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { categoryMessages, categorySchema } from '#shared/schemas/category';
import type { Category } from '#shared/types';
import { ApiError } from '#client/lib/api-client';
import { paths } from '#shared/paths';
import {
  AdminForm,
  adminApi,
  FormActions,
  isSessionEnd,
  itemData,
  PageHeader,
  Spinner,
  TextareaField,
  TextField,
  useAdminForm,
  useSaveOutcome,
} from '#client/admin/kit';

const EMPTY = { name: '', description: '' };

/**
 * New and edit category (product rules, Pages and routes and Validation "Admin category" and 8): the model form screen.
 * Edit loads the category, then form.load() puts it (or the route's draft) in the form.
 */
export function Component() {
  const { categoryId } = useParams();
  const editing = categoryId !== undefined;
  const [loadState, setLoadState] = useState<'loading' | 'ready' | 'missing' | 'error'>(
    editing ? 'loading' : 'ready',
  );

  const form = useAdminForm({
    schema: categorySchema,
    initialValues: EMPTY,
    waitForLoad: editing,
    onSubmit: (data) =>
      editing
        ? adminApi(`/categories/${categoryId}`, { method: 'PUT', json: data })
        : adminApi('/categories', { method: 'POST', json: data }),
    ...useSaveOutcome({
      editing,
      created: { title: 'Catégorie créée', description: 'La catégorie a bien été créée.' },
      updated: { title: 'Catégorie mise à jour', description: 'La catégorie a bien été mise à jour.' },
      backTo: paths.adminCategories,
      failure: "Une erreur s'est produite lors de l'enregistrement de la catégorie.",
    }),
  });

  const { load } = form;
  useEffect(() => {
    if (!editing) return;
    const controller = new AbortController();
    adminApi<{ data: Category }>(`/categories/${categoryId}`, { signal: controller.signal })
      .then((answer) => {
        const category = itemData(answer);
        load({ name: category.name, description: category.description ?? '' });
        setLoadState('ready');
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || isSessionEnd(error)) return;
        setLoadState(error instanceof ApiError && error.status === 404 ? 'missing' : 'error');
      });
    return () => controller.abort();
  }, [editing, categoryId, load]);

  const title = editing ? 'Modifier la catégorie' : 'Nouvelle catégorie';
  if (loadState === 'loading') return <Spinner label="Chargement..." />;
  if (loadState === 'missing' || loadState === 'error') {
    return (
      <>
        <PageHeader title={title} />
        <p className="list-error" role="alert">
          {categoryMessages.notFound}
        </p>
      </>
    );
  }

  return (
    <>
      <PageHeader title={title} />
      <AdminForm form={form} label={title}>
        <TextField form={form} name="name" label="Nom" required hint="Au moins 3 caractères." />
        <TextareaField
          form={form}
          name="description"
          label="Description"
          required
          rows={5}
          hint="Au moins 10 caractères."
        />
        <FormActions
          form={form}
          submitLabel={editing ? 'Mettre à jour' : 'Créer la catégorie'}
          cancelTo={paths.adminCategories}
        />
      </AdminForm>
    </>
  );
}
