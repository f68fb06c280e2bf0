/**
 * Form drafts in sessionStorage, keyed by route (path and query): what an administrator
 * typed survives a 401 -> sign-in -> return, and a reload, within the tab. Files cannot
 * be stored and are left out. Browser only.
 */
const PREFIX = 'admin-draft:';

export function readDraft<V>(key: string): Partial<V> | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    const draft: unknown = raw ? JSON.parse(raw) : null;
    return draft && typeof draft === 'object' && !Array.isArray(draft) ? (draft as Partial<V>) : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, values: object): void {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(values, withoutFiles));
  } catch {
    // Storage full or refused (private mode): the form keeps working without a draft.
  }
}

export function clearDraft(key: string): void {
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Same as above.
  }
}

/** Signing out leaves nothing typed behind in the tab. */
export function clearAllDrafts(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Same as above.
  }
}

function withoutFiles(_key: string, value: unknown): unknown {
  return typeof Blob !== 'undefined' && value instanceof Blob ? undefined : value;
}
