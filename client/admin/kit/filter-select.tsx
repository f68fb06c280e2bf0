import { useId } from 'react';
import type { SelectOption } from './form-fields';

/** A list's filter beside its search box: a labelled select whose first choice keeps every row. */
export function FilterSelect({
  label,
  value,
  onChange,
  allLabel,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The first choice, '' ('Toutes', 'Tous les types'). */
  allLabel: string;
  options: readonly SelectOption[];
}) {
  const id = useId();
  // A label beside the select, not around it: wrapped, its name would also read the chosen option.
  return (
    <div className="list-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
