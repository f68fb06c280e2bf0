import { useState } from 'react';
import { ADMIN_IMAGE_MAX_BYTES } from '#shared/constants';
import { promotionSchema } from '#shared/schemas/promotion';
import type { Promotion } from '#shared/types';
import { paths } from '#shared/paths';
import { businessToday } from '#shared/calendar';
import {
  AdminForm,
  DateField,
  DescriptionField,
  FormActions,
  PublicationFields,
  ImageInput,
  TextField,
  useEntityForm,
} from '#client/admin/kit';
import { emptyPromotion, toPromotionFormData, type PromotionFormValues } from './promotion-form-values';

const SAVE_FALLBACK = "Une erreur s'est produite lors de l'enregistrement de la promotion.";

/**
 * The promotion form (product rules, Pages and routes and Validation): creation when
 * `promotion` is absent, else its update (POST /promotions/{id} with `_method=PUT`). The
 * start date defaults to today in Cotonou; the image is optional, previewed, sent with a
 * progress bar.
 */
export function PromotionForm({
  title,
  promotion,
  loaded,
}: {
  title: string;
  promotion?: Promotion;
  loaded?: PromotionFormValues;
}) {
  const editing = promotion !== undefined;
  // Computed once per form: the default must not move while the form is open.
  const [initial] = useState(() => loaded ?? emptyPromotion(businessToday()));

  const form = useEntityForm({
    schema: promotionSchema,
    // Mounted once the promotion is loaded; a draft of this route is laid over it.
    initialValues: initial,
    draftExclude: ['image'],
    save: {
      collection: '/promotions',
      id: promotion?.id,
      formData: (data, values) => toPromotionFormData(data, values, editing),
    },
    outcome: {
      editing,
      created: { title: 'Promotion créée', description: 'La promotion a bien été créée.' },
      updated: { title: 'Promotion mise à jour', description: 'La promotion a bien été mise à jour.' },
      backTo: paths.adminPromotions,
      failure: SAVE_FALLBACK,
    },
  });

  return (
    <AdminForm form={form} label={title}>
      <div className="form-grid">
        <TextField
          form={form}
          name="title"
          label="Titre"
          required
          hint="Au moins 3 caractères."
          maxLength={190}
        />
        <TextField
          form={form}
          name="discount"
          label="Remise"
          required
          hint="Un nombre, avec ou sans %, par exemple 10% ou -15 %."
          maxLength={20}
        />
        <TextField
          form={form}
          name="code"
          label="Code promo"
          hint="Facultatif : le code que le client cite (lettres, chiffres et tirets), par exemple RENTREE-2026."
          maxLength={30}
        />
      </div>
      <div className="form-grid">
        <DateField form={form} name="startDate" label="Date de début" required />
        <DateField
          form={form}
          name="endDate"
          label="Date de fin"
          required
          hint="La promotion reste affichée sur le site jusqu’à ce jour inclus."
        />
      </div>
      <DescriptionField form={form} />
      <ImageInput
        form={form}
        name="image"
        label="Image"
        currentPath={promotion?.image}
        removeName="remove_image"
        maxBytes={ADMIN_IMAGE_MAX_BYTES}
        hint="Facultative ; 2MB au maximum."
      />
      <PublicationFields form={form} preview={{ kind: 'promotion', id: promotion?.id }} />
      <FormActions
        form={form}
        submitLabel={editing ? 'Mettre à jour' : 'Créer la promotion'}
        cancelTo={paths.adminPromotions}
      />
    </AdminForm>
  );
}
