import { vi } from 'vitest';

/**
 * The browser storages the back-office kit reads, for unit tests in Node: localStorage
 * backed by a Map (returned, to arrange and inspect), sessionStorage inert.
 */
export function stubBrowserStorage(initial: Record<string, string> = {}): Map<string, string> {
  const store = new Map(Object.entries(initial));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
  vi.stubGlobal('sessionStorage', { getItem: () => null, setItem() {}, removeItem() {} });
  return store;
}
