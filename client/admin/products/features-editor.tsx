import { FEATURES_MAX } from '#shared/schemas/product';
import type { AdminFormState } from '#client/admin/kit';
import type { ProductFormValues } from './product-form-values';
import { ListEditor } from './list-editor';

/** The features tab's list (product rules, Entities): one line per point, kept in the form. */
export function FeaturesEditor({ form }: { form: AdminFormState<ProductFormValues> }) {
  return (
    <ListEditor
      form={form}
      name="features"
      legend="Points forts"
      hint="Un point fort par ligne, par exemple « Résiste à l’humidité »."
      blank=""
      max={FEATURES_MAX}
      addLabel="Ajouter un point fort"
      removeLabel={(index) => `Retirer le point fort ${index + 1}`}
      fields={(line, index, error) => (
        <label>
          <span className="visually-hidden">Point fort {index + 1}</span>
          <input
            type="text"
            value={line}
            maxLength={300}
            onChange={(event) =>
              form.setValue(
                'features',
                form.values.features.map((text, i) => (i === index ? event.target.value : text)),
              )
            }
            aria-invalid={error ? true : undefined}
          />
        </label>
      )}
    />
  );
}
