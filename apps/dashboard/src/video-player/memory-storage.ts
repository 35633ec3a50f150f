/**
 * The player frame has an opaque origin, where reading `localStorage` throws; Remotion keeps small
 * preferences there (volume, last frame). An in-memory Storage lets it work without persisting anything.
 * Imported before Remotion, so it is in place before any of Remotion's code runs.
 */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

function storageWorks(): boolean {
  try {
    return typeof window.localStorage !== 'undefined';
  } catch {
    return false;
  }
}

if (!storageWorks()) {
  for (const name of ['localStorage', 'sessionStorage'])
    Object.defineProperty(window, name, { value: new MemoryStorage(), configurable: true });
}
