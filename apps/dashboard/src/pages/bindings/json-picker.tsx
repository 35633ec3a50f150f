/** `a.b[0].c`, with quoted keys where dot notation cannot name them (the binding mapping's path syntax). */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (/^[A-Za-z_$][\w$-]*$/.test(key)) return parent ? `${parent}.${key}` : key;
  return `${parent}['${key}']`;
}

/**
 * The fetched JSON as a tree; every value is a button that maps its path to the chosen variable. Keys and values wrap
 * anywhere: a feed's long property names and image addresses have no spaces, and on a phone they ran out of the box,
 * the value to tap half hidden behind a sideways scroll.
 */
export function JsonPicker({ data, onPick, path = '' }: { data: unknown; onPick: (path: string) => void; path?: string }) {
  if (data !== null && typeof data === 'object') {
    const entries: [string | number, unknown][] = Array.isArray(data) ? data.map((v, i) => [i, v]) : Object.entries(data);
    return (
      <ul className="ml-4 border-l border-slate-200 pl-2">
        {entries.map(([key, value]) => (
          <li key={key}>
            <span className="font-mono text-xs wrap-anywhere text-slate-700">{typeof key === 'number' ? `[${key}]` : key}: </span>
            <JsonPicker data={value} onPick={onPick} path={childPath(path, key)} />
          </li>
        ))}
      </ul>
    );
  }
  const text = JSON.stringify(data);
  return (
    <button
      type="button"
      className="rounded px-1 text-left font-mono text-xs wrap-anywhere text-indigo-800 underline hover:bg-indigo-50"

      onClick={() => onPick(path)}
    >
      <span className="sr-only">Map {path}: </span>
      {text}
    </button>
  );
}
