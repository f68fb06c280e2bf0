import { useParams } from 'react-router-dom';
import { categoryMessages, categorySchema } from '#shared/schemas/category';
import type { Category } from '#shared/types';
import { paths } from '#shared/paths';
import {
  AdminForm,
  DescriptionField,
  FormActions,
  ItemLoadState,
  PageHeader,
  TextField,
  adminApi,
  useAdminItem,
  useEntityForm,
} from '#client/admin/kit';

const EMPTY = { name: '', description: '' };

/**
 * New and edit category (product rules, Pages and routes and Validation): the model form screen.
 * Edit loads the category, then form.load() puts it (or the route's draft) in the form.
 */
export function Component() {
  const { categoryId } = useParams();
  const editing = categoryId !== undefined;

  const form = useEntityForm({
    schema: categorySchema,
    initialValues: EMPTY,
    waitForLoad: editing,
    // JSON, without files: a PUT to update (docs/decisions/0004-api-conventions.md).
    save: (data) =>
      editing
        ? adminApi(`/categories/${categoryId}`, { method: 'PUT', json: data })
        : adminApi('/categories', { method: 'POST', json: data }),
    outcome: {
      editing,
      created: { title: 'Catégorie créée', description: 'La catégorie a bien été créée.' },
      updated: { title: 'Catégorie mise à jour', description: 'La catégorie a bien été mise à jour.' },
      backTo: paths.adminCategories,
      failure: "Une erreur s'est produite lors de l'enregistrement de la catégorie.",
    },
  });

  const loaded = useAdminItem<Category>(editing ? `/categories/${categoryId}` : null, {
    onLoaded: (category) => form.load({ name: category.name, description: category.description ?? '' }),
  });

  const title = editing ? 'Modifier la catégorie' : 'Nouvelle catégorie';
  if (editing && loaded.status !== 'ready') {
    return <ItemLoadState state={loaded} title={title} notFound={categoryMessages.notFound} />;
  }

  return (
    <>
      <PageHeader title={title} />
      <AdminForm form={form} label={title}>
        <TextField form={form} name="name" label="Nom" required hint="Au moins 3 caractères." />
        <DescriptionField form={form} />
        <FormActions
          form={form}
          submitLabel={editing ? 'Mettre à jour' : 'Créer la catégorie'}
          cancelTo={paths.adminCategories}
        />
      </AdminForm>
    </>
  );
}
