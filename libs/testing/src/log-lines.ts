/**
 * The keys that occur more than once in one object of a raw JSON line.
 * JSON.parse keeps the last of two equal keys silently, so a duplicated log
 * field is only visible in the text itself.
 */
export function repeatedKeys(line: string): string[] {
  const repeated: string[] = [];
  // One entry per open container: the keys seen so far (objects) or null (arrays).
  const open: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '{') {
      open.push(new Set());
      expectKey = true;
    } else if (ch === '[') {
      open.push(null);
      expectKey = false;
    } else if (ch === '}' || ch === ']') {
      open.pop();
      expectKey = false;
    } else if (ch === ',') {
      expectKey = open.at(-1) instanceof Set;
    } else if (ch === '"') {
      let end = i + 1;
      while (line[end] !== '"') end += line[end] === '\\' ? 2 : 1;
      if (expectKey) {
        const key = JSON.parse(line.slice(i, end + 1)) as string;
        const keys = open.at(-1)!;
        if (keys.has(key)) repeated.push(key);
        keys.add(key);
        expectKey = false;
      }
      i = end;
    }
  }
  return repeated;
}
