import { SPECIFICATIONS_MAX } from '#shared/schemas/product';
import type { ProductSpecification } from '#shared/types';
import type { AdminFormState } from '#client/admin/kit';
import type { ProductFormValues } from './product-form-values';
import { ListEditor } from './list-editor';

/**
 * The specifications tab's name/value pairs (product rules, Entities). The list lives in the form
 * (drafts and dirty tracking include it); the shared schema drops blank rows and refuses
 * half-filled ones with its message, shown under the list.
 */
export function SpecificationsEditor({ form }: { form: AdminFormState<ProductFormValues> }) {
  const change = (index: number, key: keyof ProductSpecification, text: string) =>
    form.setValue(
      'specifications',
      form.values.specifications.map((row, i) => (i === index ? { ...row, [key]: text } : row)),
    );

  return (
    <ListEditor
      form={form}
      name="specifications"
      legend="Caractéristiques"
      hint="Paires nom / valeur, par exemple « Poids » : « 50 kg ». Une ligne laissée vide est ignorée."
      blank={{ name: '', value: '' }}
      max={SPECIFICATIONS_MAX}
      addLabel="Ajouter une caractéristique"
      removeLabel={(index) => `Retirer la caractéristique ${index + 1}`}
      rowClassName="list-editor-row spec-row"
      fields={(row, index, error) => (
        <>
          <label>
            <span className="visually-hidden">Nom de la caractéristique {index + 1}</span>
            <input
              type="text"
              value={row.name}
              placeholder="Nom"
              maxLength={120}
              onChange={(event) => change(index, 'name', event.target.value)}
              aria-invalid={error ? true : undefined}
            />
          </label>
          <label>
            <span className="visually-hidden">Valeur de la caractéristique {index + 1}</span>
            <input
              type="text"
              value={row.value}
              placeholder="Valeur"
              maxLength={500}
              onChange={(event) => change(index, 'value', event.target.value)}
              aria-invalid={error ? true : undefined}
            />
          </label>
        </>
      )}
    />
  );
}
