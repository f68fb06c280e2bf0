import { BUDGET_BOUNDS_MILLIONS, BUDGETS, PROJECT_TYPES, type Budget } from '#shared/submission-rules';
import { EURO_AMOUNTS_NOTE, euroDigits } from '#shared/format';
import type { SubmissionFieldKey } from '#shared/submission-outcome';

/**
 * The fields of the public submission form (product rules, Validation), in the order of the form:
 * their French labels, input kinds and ids. The form island renders them; the page names
 * them when a post without JavaScript comes back refused.
 */
export type TextFieldKey = Exclude<SubmissionFieldKey, 'attachments'>;

export interface FieldSpec {
  key: TextFieldKey;
  label: string;
  required: boolean;
  kind: 'text' | 'email' | 'tel' | 'date' | 'select' | 'textarea';
  options?: readonly string[];
  /** What an option shows, when more than its stored value (the budgets' euro amounts). */
  optionLabel?: (option: string) => string;
  /** A line under the control. */
  hint?: string;
  autoComplete?: string;
  /** Fields shown side by side on wide screens share a row. */
  wide?: boolean;
}

/**
 * A budget option as the visitor reads it: the stored value, then its indicative euro
 * amount for the diaspora ('5M - 10M FCFA (≈ 7 622 – 15 245 €)'). The value sent stays
 * the stored one.
 */
export function budgetLabel(option: string): string {
  const bounds = BUDGET_BOUNDS_MILLIONS[option as Budget];
  if (!bounds) return option;
  // The bounds are in millions of F CFA.
  const [low, high] = bounds.map((millions) => (millions === null ? null : euroDigits(millions * 1_000_000)));
  if (low === null && high !== null) return `${option} (moins de ${high} €)`;
  if (high === null && low !== null) return `${option} (plus de ${low} €)`;
  return `${option} (≈ ${low ?? 0} – ${high ?? 0} €)`;
}

export const TEXT_FIELDS: readonly FieldSpec[] = [
  { key: 'firstName', label: 'Prénom', required: true, kind: 'text', autoComplete: 'given-name' },
  { key: 'lastName', label: 'Nom', required: true, kind: 'text', autoComplete: 'family-name' },
  { key: 'email', label: 'Email', required: true, kind: 'email', autoComplete: 'email' },
  { key: 'phone', label: 'Téléphone', required: true, kind: 'tel', autoComplete: 'tel' },
  { key: 'company', label: 'Entreprise', required: false, kind: 'text', autoComplete: 'organization' },
  { key: 'projectTitle', label: 'Titre du projet', required: true, kind: 'text' },
  { key: 'projectType', label: 'Type de projet', required: true, kind: 'select', options: PROJECT_TYPES },
  {
    key: 'budget',
    label: 'Budget estimé',
    required: true,
    kind: 'select',
    options: BUDGETS,
    optionLabel: budgetLabel,
    hint: EURO_AMOUNTS_NOTE,
  },
  { key: 'location', label: 'Localisation', required: true, kind: 'text', autoComplete: 'address-level2' },
  { key: 'startDate', label: 'Date de début souhaitée', required: false, kind: 'date' },
  { key: 'description', label: 'Description détaillée', required: true, kind: 'textarea', wide: true },
];

export const ATTACHMENTS_LABEL = 'Pièces jointes';

export function fieldLabel(key: SubmissionFieldKey): string {
  return key === 'attachments'
    ? ATTACHMENTS_LABEL
    : (TEXT_FIELDS.find((field) => field.key === key)?.label ?? key);
}

/** Fixed ids: the page links to a field from the outcome of a post without JavaScript. */
export const fieldId = (key: SubmissionFieldKey) => `projet-${key}`;
