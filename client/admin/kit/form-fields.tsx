import type { ReactNode } from 'react';
import type { AdminForm, FieldProps, FormValues } from './form-state';

/**
 * Labelled fields bound to a useAdminForm: label, optional hint, the field's French error
 * beside it (aria-invalid, aria-describedby -> hint and error). `required` only marks the
 * label and the input; the rule itself lives in the shared schema.
 */
interface BaseProps<V extends FormValues> {
  form: AdminForm<V>;
  name: keyof V & string;
  label: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  /** The id of the <form> when the control sits outside it (a dialog's footer). */
  formId?: string;
}

function describedBy(
  form: AdminForm<FormValues>,
  name: string,
  hint: string | undefined,
  props: FieldProps,
): string | undefined {
  const ids = [hint ? form.hintId(name) : null, props['aria-describedby'] ?? null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The frame of every field: label, control, hint, error. */
export function FieldFrame<V extends FormValues>(
  props: BaseProps<V> & { children: ReactNode; inline?: boolean },
) {
  const { form, name, label, hint, required, children, inline, className } = props;
  const error = form.errors[name];
  return (
    <div
      className={`field${inline ? ' field-inline' : ''}${error ? ' field-has-error' : ''}${className ? ` ${className}` : ''}`}
    >
      {inline ? (
        // The label wraps its box: a `for` as well would be redundant (html-validate).
        <label className="field-check">
          {children}
          <span>{label}</span>
        </label>
      ) : (
        <>
          <label htmlFor={form.fieldId(name)}>
            {label}
            {required && <span aria-hidden="true"> *</span>}
          </label>
          {children}
        </>
      )}
      {hint && (
        <p className="field-hint" id={form.hintId(name)}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={form.errorId(name)}>
          {error}
        </p>
      )}
    </div>
  );
}

function inputProps<V extends FormValues>(props: BaseProps<V>) {
  const bound = props.form.field(props.name);
  return {
    ...bound,
    'aria-describedby': describedBy(
      props.form as unknown as AdminForm<FormValues>,
      props.name,
      props.hint,
      bound,
    ),
    required: props.required,
    disabled: props.disabled,
    form: props.formId,
  };
}

export function TextField<V extends FormValues>(
  props: BaseProps<V> & {
    type?: 'text' | 'email' | 'password' | 'tel' | 'url';
    autoComplete?: string;
    placeholder?: string;
    maxLength?: number;
  },
) {
  return (
    <FieldFrame {...props}>
      <input
        {...inputProps(props)}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
      />
    </FieldFrame>
  );
}

/**
 * Amounts and counts. A text input with a decimal keypad, not type=number: French users
 * type '1 250 000' or '12,5', which the shared schemas read (product rules, Validation: a comma becomes
 * a point); type=number would silently empty such values.
 */
export function NumberField<V extends FormValues>(
  props: BaseProps<V> & { placeholder?: string; decimals?: boolean },
) {
  return (
    <FieldFrame {...props}>
      <input
        {...inputProps(props)}
        type="text"
        inputMode={props.decimals ? 'decimal' : 'numeric'}
        placeholder={props.placeholder}
      />
    </FieldFrame>
  );
}

/** A calendar day; the value is 'YYYY-MM-DD'. */
export function DateField<V extends FormValues>(props: BaseProps<V>) {
  return (
    <FieldFrame {...props}>
      <input {...inputProps(props)} type="date" />
    </FieldFrame>
  );
}

export function TextareaField<V extends FormValues>(
  props: BaseProps<V> & { rows?: number; placeholder?: string },
) {
  return (
    <FieldFrame {...props}>
      <textarea {...inputProps(props)} rows={props.rows ?? 4} placeholder={props.placeholder} />
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** `placeholder` adds a first empty choice (e.g. 'Sélectionnez une catégorie'). */
export function SelectField<V extends FormValues>(
  props: BaseProps<V> & { options: readonly SelectOption[]; placeholder?: string },
) {
  return (
    <FieldFrame {...props}>
      <select {...inputProps(props)}>
        {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
        {props.options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A boolean value; the label sits after the box. */
export function CheckboxField<V extends FormValues>(props: BaseProps<V>) {
  const { value: _value, ...bound } = inputProps(props);
  return (
    <FieldFrame {...props} inline>
      <input {...bound} type="checkbox" checked={props.form.values[props.name] === true} />
    </FieldFrame>
  );
}

/** A date and time; the value is 'YYYY-MM-DDTHH:MM', the wall clock the user typed. */
export function DateTimeField<V extends FormValues>(props: BaseProps<V>) {
  return (
    <FieldFrame {...props}>
      <input {...inputProps(props)} type="datetime-local" />
    </FieldFrame>
  );
}

/**
 * The entities' 'Description' (categories, projects, promotions, offers): required, at least
 * 10 characters by their shared schemas, five rows unless told.
 */
export function DescriptionField<V extends FormValues & { description: unknown }>({
  form,
  rows = 5,
}: {
  form: AdminForm<V>;
  rows?: number;
}) {
  return (
    <TextareaField
      form={form}
      name="description"
      label="Description"
      required
      rows={rows}
      hint="Au moins 10 caractères."
    />
  );
}

/** A required price in F CFA (products, parcels); `hint` words the entity's rule. */
export function PriceField<V extends FormValues & { price: unknown }>({
  form,
  hint,
}: {
  form: AdminForm<V>;
  hint: string;
}) {
  return <NumberField form={form} name="price" label="Prix (F CFA)" required hint={hint} />;
}
