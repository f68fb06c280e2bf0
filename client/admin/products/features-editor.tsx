import { FEATURES_MAX } from '#shared/schemas/product';
import type { AdminFormState } from '#client/admin/kit';
import type { ProductFormValues } from './product-form-values';
import { useListEditor } from './specifications-editor';

/** The features tab's list (product rules, Entities): one line per point, kept in the form. */
export function FeaturesEditor({ form }: { form: AdminFormState<ProductFormValues> }) {
  const lines = form.values.features;
  const error = form.errors.features;
  const { add, remove, focusRow } = useListEditor(lines, (next) => form.setValue('features', next), '');

  return (
    <fieldset
      className="admin-fieldset list-editor"
      aria-describedby={error ? form.errorId('features') : undefined}
    >
      <legend>Points forts</legend>
      <p className="field-hint">Un point fort par ligne, par exemple « Résiste à l’humidité ».</p>
      {lines.length > 0 && (
        <ol className="list-editor-rows" ref={focusRow.container}>
          {lines.map((line, index) => (
            <li key={index} className="list-editor-row">
              <label>
                <span className="visually-hidden">Point fort {index + 1}</span>
                <input
                  type="text"
                  value={line}
                  maxLength={300}
                  onChange={(event) =>
                    form.setValue(
                      'features',
                      lines.map((text, i) => (i === index ? event.target.value : text)),
                    )
                  }
                  aria-invalid={error ? true : undefined}
                />
              </label>
              <button
                type="button"
                className="btn btn-outline btn-small"
                onClick={() => remove(index)}
                aria-label={`Retirer le point fort ${index + 1}`}
              >
                Retirer
              </button>
            </li>
          ))}
        </ol>
      )}
      <div>
        <button
          type="button"
          className="btn btn-outline btn-small"
          onClick={add}
          disabled={lines.length >= FEATURES_MAX}
          ref={focusRow.fallback}
        >
          Ajouter un point fort
        </button>
      </div>
      {error && (
        <p className="field-error" id={form.errorId('features')}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
