import { useEffect, useRef } from 'react';

/**
 * A `<dialog>` shown as a modal while its component is mounted: opened at mount (the
 * browser traps the focus and makes the page behind inert), closed at unmount, and the
 * focus given back to whatever opened it, so a keyboard user goes on where they were.
 */
export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  return dialog;
}
