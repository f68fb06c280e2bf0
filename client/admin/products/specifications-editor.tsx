import { useEffect, useRef, useState } from 'react';
import { SPECIFICATIONS_MAX } from '#shared/schemas/product';
import type { ProductSpecification } from '#shared/types';
import type { AdminFormState } from '#client/admin/kit';
import type { ProductFormValues } from './product-form-values';

/**
 * The specifications tab's name/value pairs (product rules, Entities). The list lives in the form
 * (drafts and dirty tracking include it); the shared schema drops blank rows and refuses
 * half-filled ones with its message, shown under the list.
 */
export function SpecificationsEditor({ form }: { form: AdminFormState<ProductFormValues> }) {
  const rows = form.values.specifications;
  const error = form.errors.specifications;
  const { add, remove, focusRow } = useListEditor(rows, (next) => form.setValue('specifications', next), {
    name: '',
    value: '',
  });

  const change = (index: number, key: keyof ProductSpecification, text: string) =>
    form.setValue(
      'specifications',
      rows.map((row, i) => (i === index ? { ...row, [key]: text } : row)),
    );

  return (
    <fieldset
      className="admin-fieldset list-editor"
      aria-describedby={error ? form.errorId('specifications') : undefined}
    >
      <legend>Caractéristiques</legend>
      <p className="field-hint">
        Paires nom / valeur, par exemple « Poids » : « 50 kg ». Une ligne laissée vide est ignorée.
      </p>
      {rows.length > 0 && (
        <ol className="list-editor-rows" ref={focusRow.container}>
          {rows.map((row, index) => (
            // Rows have no identity of their own; the index is stable while typing.
            <li key={index} className="list-editor-row spec-row">
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
              <button
                type="button"
                className="btn btn-outline btn-small"
                onClick={() => remove(index)}
                aria-label={`Retirer la caractéristique ${index + 1}`}
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
          disabled={rows.length >= SPECIFICATIONS_MAX}
          ref={focusRow.fallback}
        >
          Ajouter une caractéristique
        </button>
      </div>
      {error && (
        <p className="field-error" id={form.errorId('specifications')}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * A list editor's add and remove (specifications, features): a blank row at the end, or the
 * row taken out; the focus then goes where useFocusAfterChange says.
 */
export function useListEditor<T>(rows: readonly T[], set: (rows: T[]) => void, blank: T) {
  const focusRow = useFocusAfterChange();
  const add = () => {
    set([...rows, blank]);
    focusRow.request(rows.length);
  };
  const remove = (index: number) => {
    set(rows.filter((_row, i) => i !== index));
    focusRow.request(Math.min(index, rows.length - 2));
  };
  return { add, remove, focusRow };
}

/**
 * After adding or removing a row, the keyboard focus goes to that row's first input (or to
 * the add button when the list is empty), so keyboard users are never dropped on <body>.
 */
export function useFocusAfterChange() {
  const container = useRef<HTMLOListElement | null>(null);
  const fallback = useRef<HTMLButtonElement | null>(null);
  const [target, setTarget] = useState<{ index: number } | null>(null);
  useEffect(() => {
    if (!target) return;
    const inputs = container.current?.querySelectorAll<HTMLElement>(':scope > li');
    const row = target.index >= 0 ? inputs?.[target.index] : undefined;
    (row?.querySelector<HTMLElement>('input') ?? fallback.current)?.focus();
    setTarget(null);
  }, [target]);
  return { container, fallback, request: (index: number) => setTarget({ index }) };
}
