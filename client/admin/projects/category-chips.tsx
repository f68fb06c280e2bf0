import { PROJECT_CATEGORIES } from '#shared/constants';
import type { AdminFormState } from '#client/admin/kit';
import { toggleCategory, type ProjectFormValues } from './project-form-values';

/**
 * Project categories as toggle chips (product rules, States; product rules: the five plus 'Clôture'):
 * several may be chosen, choosing a selected one removes it. A stored category outside the
 * list is shown too, selected, so that the administrator can see and remove it.
 */
export function CategoryChips({ form }: { form: AdminFormState<ProjectFormValues> }) {
  const chosen = form.values.categories;
  const offered = [
    ...PROJECT_CATEGORIES,
    ...chosen.filter((category) => !(PROJECT_CATEGORIES as readonly string[]).includes(category)),
  ];
  const error = form.errors.categories;
  const legendId = form.fieldId('categories');

  function toggle(category: string) {
    const next = toggleCategory(chosen, category);
    form.setValue('categories', next);
    if (error && next.length > 0) form.setFieldError('categories', undefined);
  }

  return (
    <fieldset
      className={`field chip-field${error ? ' field-has-error' : ''}`}
      aria-describedby={error ? form.errorId('categories') : undefined}
    >
      <legend id={legendId}>
        Catégories<span aria-hidden="true"> *</span>
      </legend>
      <div className="chips">
        {offered.map((category, index) => (
          <button
            key={category}
            type="button"
            className="chip"
            aria-pressed={chosen.includes(category)}
            // The kit focuses the first invalid control: the first chip stands for the group.
            aria-invalid={error && index === 0 ? true : undefined}
            aria-describedby={error && index === 0 ? form.errorId('categories') : undefined}
            onClick={() => toggle(category)}
          >
            {category}
          </button>
        ))}
      </div>
      <p className="field-hint">Plusieurs catégories possibles ; cliquez de nouveau pour retirer.</p>
      {error && (
        <p className="field-error" id={form.errorId('categories')}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
