import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AdminFormState } from '#client/admin/kit';
import type { ProductFormValues } from './product-form-values';

type ListName = 'features' | 'specifications';

/**
 * A product's list kept in the form (features, specifications): its legend and hint, one
 * row a line with its inputs (`fields`) and 'Retirer', 'Ajouter …' up to `max`, and the
 * schema's message under the list.
 */
export function ListEditor<N extends ListName>({
  form,
  name,
  legend,
  hint,
  blank,
  max,
  addLabel,
  removeLabel,
  rowClassName = 'list-editor-row',
  fields,
}: {
  form: AdminFormState<ProductFormValues>;
  name: N;
  legend: string;
  hint: string;
  blank: ProductFormValues[N][number];
  max: number;
  addLabel: string;
  /** The remove button's name for screen readers, e.g. 'Retirer le point fort 2'. */
  removeLabel: (index: number) => string;
  rowClassName?: string;
  /** A row's labelled inputs; `error` marks them invalid. */
  fields: (row: ProductFormValues[N][number], index: number, error: string | undefined) => ReactNode;
}) {
  const rows = form.values[name] as ProductFormValues[N][number][];
  const error = form.errors[name];
  const { add, remove, focusRow } = useListEditor(
    rows,
    (next) => form.setValue(name, next as ProductFormValues[N]),
    blank,
  );

  return (
    <fieldset
      className="admin-fieldset list-editor"
      aria-describedby={error ? form.errorId(name) : undefined}
    >
      <legend>{legend}</legend>
      <p className="field-hint">{hint}</p>
      {rows.length > 0 && (
        <ol className="list-editor-rows" ref={focusRow.container}>
          {rows.map((row, index) => (
            // Rows have no identity of their own; the index is stable while typing.
            <li key={index} className={rowClassName}>
              {fields(row, index, error)}
              <button
                type="button"
                className="btn btn-outline btn-small"
                onClick={() => remove(index)}
                aria-label={removeLabel(index)}
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
          disabled={rows.length >= max}
          ref={focusRow.fallback}
        >
          {addLabel}
        </button>
      </div>
      {error && (
        <p className="field-error" id={form.errorId(name)}>
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
