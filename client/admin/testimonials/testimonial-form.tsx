import { useState } from 'react';
import { businessToday } from '#shared/calendar';
import { ADMIN_IMAGE_MAX_BYTES } from '#shared/constants';
import { TESTIMONIAL_LIMITS, testimonialMessages, testimonialSchema } from '#shared/schemas/testimonial';
import type { Testimonial } from '#shared/types';
import { paths } from '#shared/paths';
import {
  AdminForm,
  CheckboxField,
  DateField,
  FormActions,
  PublicationFields,
  ImageInput,
  TextareaField,
  TextField,
  useEntityForm,
} from '#client/admin/kit';
import {
  emptyTestimonial,
  toTestimonialFormData,
  type TestimonialFormValues,
} from './testimonial-form-values';

const L = TESTIMONIAL_LIMITS;

/**
 * The testimonial form (docs/product-rules.md, "Testimonials"): creation when `testimonial`
 * is absent, else its update (POST /testimonials/{id} with `_method=PUT`). The date
 * defaults to today in Cotonou; the photo is optional, previewed, sent with a progress bar;
 * 'Publier sur le site' decides whether visitors see it.
 */
export function TestimonialForm({
  title,
  testimonial,
  loaded,
}: {
  title: string;
  testimonial?: Testimonial;
  loaded?: TestimonialFormValues;
}) {
  const editing = testimonial !== undefined;
  // Computed once per form: the default must not move while the form is open.
  const [initial] = useState(() => loaded ?? emptyTestimonial(businessToday()));

  const form = useEntityForm({
    schema: testimonialSchema,
    initialValues: initial,
    draftExclude: ['photo'],
    save: {
      collection: '/testimonials',
      id: testimonial?.id,
      formData: (data, values) => toTestimonialFormData(data, values, editing),
    },
    outcome: {
      editing,
      created: { title: 'Témoignage créé', description: 'Le témoignage a bien été créé.' },
      updated: { title: 'Témoignage mis à jour', description: 'Le témoignage a bien été mis à jour.' },
      backTo: paths.adminTestimonials,
      failure: testimonialMessages.saveFailed,
    },
  });

  return (
    <AdminForm form={form} label={title}>
      <div className="form-grid">
        <TextField
          form={form}
          name="clientName"
          label="Nom du client"
          required
          hint="Tel que le client accepte de le voir publié, par exemple Famille Hounkpatin ou Aïcha D."
          maxLength={L.clientName.max}
        />
        <TextField
          form={form}
          name="town"
          label="Ville"
          required
          hint="Par exemple Cotonou, ou Lyon (diaspora)."
          maxLength={L.town.max}
        />
        <TextField
          form={form}
          name="projectType"
          label="Type de projet"
          required
          hint="Par exemple Villa R+1 clé en main, ou Achat de parcelle."
          maxLength={L.projectType.max}
        />
        <DateField form={form} name="date" label="Date du témoignage" required />
      </div>
      <TextareaField
        form={form}
        name="text"
        label="Témoignage"
        required
        rows={6}
        hint={`Les mots du client, de ${L.text.min} à ${L.text.max} caractères ; une ligne vide sépare deux paragraphes.`}
      />
      <ImageInput
        form={form}
        name="photo"
        label="Photo"
        currentPath={testimonial?.photo}
        removeName="remove_photo"
        removeLabel="Retirer la photo actuelle"
        maxBytes={ADMIN_IMAGE_MAX_BYTES}
        hint="Facultative : le client ou sa réalisation, avec son accord ; 2MB au maximum."
      />
      <PublicationFields
        form={form}
        preview={{ kind: 'testimonial', id: testimonial?.id }}
        state={
          <CheckboxField
            form={form}
            name="published"
            label="Publier sur le site"
            hint="Coché, le témoignage paraît sur l’accueil et la page À propos."
          />
        }
        published={form.values.published}
      />
      <FormActions
        form={form}
        submitLabel={editing ? 'Mettre à jour' : 'Créer le témoignage'}
        cancelTo={paths.adminTestimonials}
      />
    </AdminForm>
  );
}
