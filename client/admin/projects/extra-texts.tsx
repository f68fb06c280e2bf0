import { useEffect, useState } from 'react';
import { TextareaField, type AdminFormState } from '#client/admin/kit';
import type { ProjectFormValues } from './project-form-values';

const NAMES = ['long_description', 'challenges', 'materials'] as const;

/**
 * The project's optional texts (product rules, Entities: long_description, challenges, materials),
 * shown on its public page. Folded while empty; opens by itself (never closes by itself)
 * once one holds text or an error, so that a message is never hidden.
 */
export function ExtraTexts({ form }: { form: AdminFormState<ProjectFormValues> }) {
  const needed = NAMES.some((name) => Boolean(form.values[name]) || Boolean(form.errors[name]));
  const [open, setOpen] = useState(needed);
  useEffect(() => {
    if (needed) setOpen(true);
  }, [needed]);

  return (
    <details className="project-extra" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Textes complémentaires (facultatifs)</summary>
      <TextareaField form={form} name="long_description" label="Description détaillée" rows={5} />
      <TextareaField form={form} name="challenges" label="Défis relevés" rows={3} />
      <TextareaField form={form} name="materials" label="Matériaux" rows={3} />
    </details>
  );
}
