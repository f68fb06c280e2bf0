import { useNavigate } from 'react-router-dom';
import { toast, type ToastInput } from './toast';

/**
 * What every back-office form does once it has sent (product rules, Messages and errors and
 * Back office: "Forms send the user back to the list on success, with the toasts"): on
 * success the screen's toast and back to its list; on failure 'Erreur' with the error's
 * sentence. useEntityForm takes these options as its `outcome`.
 * useAdminForm already skips the failure of a session's end and puts a 422's messages
 * beside their fields.
 */
export interface SaveOutcomeOptions {
  /** The success toast, in the product rules' words; `updated` when editing, if given. */
  created: ToastInput;
  updated?: ToastInput;
  editing?: boolean;
  /** The list to go back to. */
  backTo: string;
  /**
   * The failure toast's sentence: the error's own message, else this one; or a function
   * that words it from the error (offers flatten a 422's messages).
   */
  failure: string | ((error: unknown) => string);
  /**
   * A save kept for later rather than done (a site update queued on a phone without
   * signal): given the save's result, its toast when it was kept, and the screen stays.
   */
  kept?: (result: unknown) => ToastInput | null;
}

export interface SaveOutcome {
  onSuccess: (result?: unknown) => void;
  onError: (error: unknown) => void;
}

/** The error's message when it has one, else the fallback sentence. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export function useSaveOutcome({
  created,
  updated,
  editing,
  backTo,
  failure,
  kept,
}: SaveOutcomeOptions): SaveOutcome {
  const navigate = useNavigate();
  return {
    onSuccess: (result) => {
      const stays = kept?.(result);
      if (stays) {
        toast(stays);
        return;
      }
      toast({ ...(editing && updated ? updated : created), keepOnNextPage: true });
      navigate(backTo);
    },
    onError: (error) =>
      toast({
        title: 'Erreur',
        description: typeof failure === 'function' ? failure(error) : failureText(error, failure),
        variant: 'destructive',
      }),
  };
}
