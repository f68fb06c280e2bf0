import type { FieldProps } from './form-state';

/**
 * The props binding a native control to a form field. `onValue` gets the new value (a
 * checkbox's `checked`, else the text); `onLeave` runs when the focus leaves the field for
 * anything but the submit button (the submit checks everything, and a message added now
 * would move the button before the click lands).
 */
export function fieldProps(
  name: string,
  state: { value: unknown; error: string | undefined; id: string; errorId: string },
  onValue: (next: unknown) => void,
  onLeave: () => void,
): FieldProps {
  const { value, error } = state;
  return {
    id: state.id,
    name,
    value: value === undefined || value === null ? '' : String(value),
    onChange: (event) => {
      const target = event.target;
      onValue(
        target instanceof HTMLInputElement && target.type === 'checkbox' ? target.checked : target.value,
      );
    },
    onBlur: (event) => {
      const next = event.relatedTarget;
      if (next instanceof HTMLButtonElement && next.type === 'submit') return;
      onLeave();
    },
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? state.errorId : undefined,
  };
}
