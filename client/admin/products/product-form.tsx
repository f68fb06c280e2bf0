import { ADMIN_IMAGE_MAX_BYTES } from '#shared/constants';
import { GALLERY_MAX, productMessages, productSchema } from '#shared/schemas/product';
import type { ProductDetail } from '#shared/types';
import { paths } from '#shared/paths';
import {
  AdminForm,
  FormActions,
  ImageInput,
  NumberField,
  PriceField,
  PublicationFields,
  SelectField,
  TextField,
  TextareaField,
  useEntityForm,
  type FieldMessages,
  type SelectOption,
} from '#client/admin/kit';
import { FeaturesEditor } from './features-editor';
import { GalleryEditor } from './gallery-editor';
import {
  EMPTY_PRODUCT,
  newGalleryFiles,
  PRODUCT_DRAFT_EXCLUDE,
  productSaveErrorText,
  toProductFormData,
  type ProductFormValues,
} from './product-form-values';
import { SpecificationsEditor } from './specifications-editor';
import { useProductCategories } from './use-product-categories';

/** The gallery's limit counts the images kept plus the new ones (the server checks it too). */
function galleryRule(stored: readonly string[]) {
  return (values: ProductFormValues): FieldMessages => {
    const kept = stored.filter((path) => !values.remove_gallery.includes(path)).length;
    return kept + newGalleryFiles(values).length > GALLERY_MAX
      ? { gallery: productMessages.galleryTooMany }
      : {};
  };
}

/**
 * The product form (product rules, Pages and routes, Entities and Validation; product rules): creation
 * when `product` is absent, else the update of that product (POST /products/{id} with
 * `_method=PUT`). Files go with a progress bar; success toasts and returns to the list.
 */
export function ProductForm({
  title,
  product,
  loaded,
}: {
  title: string;
  product?: ProductDetail;
  loaded?: ProductFormValues;
}) {
  const editing = product !== undefined;
  const categories = useProductCategories();
  const stored = product?.gallery ?? [];

  const form = useEntityForm({
    schema: productSchema,
    // Mounted once the product is loaded: its values are the starting point, and a draft
    // of this route (after a 401 and sign-in) is laid over them as load() would.
    initialValues: loaded ?? EMPTY_PRODUCT,
    draftExclude: PRODUCT_DRAFT_EXCLUDE,
    validate: galleryRule(stored),
    save: {
      collection: '/products',
      id: product?.id,
      formData: (data, values) => toProductFormData(data, values, editing),
    },
    outcome: {
      editing,
      created: { title: 'Produit créé', description: 'Le produit a bien été créé.' },
      updated: { title: 'Produit mis à jour', description: 'Le produit a bien été mis à jour.' },
      backTo: paths.adminProducts,
      failure: productSaveErrorText,
    },
  });

  const categoryOptions: SelectOption[] =
    categories.status !== 'loading' && categories.categories.length === 0
      ? [{ value: '', label: 'Aucune catégorie disponible', disabled: true }]
      : categories.categories.map((category) => ({ value: String(category.id), label: category.name }));

  return (
    <AdminForm form={form} label={title} className="product-form">
      <div className="form-grid">
        <TextField
          form={form}
          name="name"
          label="Nom"
          required
          hint="Au moins 3 caractères."
          maxLength={190}
        />
        <TextField
          form={form}
          name="reference"
          label="Référence"
          hint="Laissez vide pour une référence générée (PRD-0042)."
          maxLength={40}
        />
      </div>
      <div className="form-grid">
        <PriceField form={form} hint="Montant entier en F CFA, par exemple 1 250 000." />
        <NumberField
          form={form}
          name="old_price"
          label="Ancien prix (F CFA)"
          hint="Facultatif : le prix barré, supérieur au prix."
        />
      </div>
      <div className="form-grid">
        <SelectField
          form={form}
          name="category_id"
          label="Catégorie"
          required
          placeholder={
            categoryOptions[0]?.disabled
              ? undefined
              : categories.status === 'loading'
                ? 'Chargement des catégories...'
                : 'Sélectionnez une catégorie'
          }
          options={categoryOptions}
        />
        <NumberField
          form={form}
          name="stock"
          label="Stock"
          hint="Nombre d’unités disponibles (0 : rupture de stock)."
        />
      </div>
      <TextareaField
        form={form}
        name="description"
        label="Description"
        required
        rows={4}
        hint="Au moins 10 caractères : le résumé des cartes du catalogue."
      />
      <TextareaField
        form={form}
        name="long_description"
        label="Description détaillée"
        rows={8}
        hint="Facultative : l’onglet « Détails » de la fiche produit."
      />
      <SpecificationsEditor form={form} />
      <FeaturesEditor form={form} />
      <fieldset className="admin-fieldset">
        <legend>Images</legend>
        <ImageInput
          form={form}
          name="image"
          label="Image principale"
          currentPath={product?.image}
          removeName="remove_image"
          removeLabel="Retirer l’image principale actuelle"
          maxBytes={ADMIN_IMAGE_MAX_BYTES}
          hint="Facultative ; 2MB au maximum."
        />
      </fieldset>
      <GalleryEditor form={form} stored={stored} />
      <PublicationFields form={form} preview={{ kind: 'product', id: product?.id }} />
      <FormActions
        form={form}
        submitLabel={editing ? 'Mettre à jour' : 'Créer le produit'}
        cancelTo={paths.adminProducts}
      />
    </AdminForm>
  );
}
