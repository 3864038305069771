/**
 * localStorage that never throws: it is unavailable or full in some private-browsing modes,
 * and losing a remembered value must not break the page.
 */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  /** Stores the value, or removes the key when the value is null. */
  set(key: string, value: string | null): void {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch {
      // Nothing to do: the value simply is not remembered.
    }
  },
};
