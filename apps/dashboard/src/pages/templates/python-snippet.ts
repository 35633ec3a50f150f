/**
 * A JSON value written as a Python literal: JSON's strings and numbers are Python's too (the same escapes), its
 * true, false and null are not (True, False, None). Written so, the body reads as the request's own dict, not a JSON
 * string inside Python quotes that a value with a quote or a backslash could break.
 */
export function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'None';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${pythonLiteral(v)}`).join(', ')}}`;
  }
  return JSON.stringify(String(value));
}

/**
 * POST /image from Python with the standard library only (urllib: nothing to install), the key from the
 * environment. Run as it is, it prints the image's URL, or exits with the API's status and detail (a wrong key, a
 * refused value); a render that outlives the API's wait answers 202, whose Location is where its URL appears.
 */
export function pythonSnippet(origin: string, body: Record<string, unknown>): string {
  return [
    'import json, os, urllib.error, urllib.parse, urllib.request',
    '',
    'request = urllib.request.Request(',
    `    ${JSON.stringify(`${origin}/image`)},`,
    `    data=json.dumps(${pythonLiteral(body)}).encode(),`,
    "    headers={'Authorization': 'Bearer ' + os.environ['PRESSROOM_API_KEY'], 'Content-Type': 'application/json'},",
    ')',
    'try:',
    '    with urllib.request.urlopen(request) as res:',
    '        answer = json.load(res)',
    "        location = urllib.parse.urljoin(res.url, res.headers.get('Location') or '')",
    "        print(answer.get('url') or f'Still rendering: GET {location} with the same key for its URL.')",
    'except urllib.error.HTTPError as error:',
    '    problem = json.load(error)',
    "    raise SystemExit(f\"{error.code} {problem.get('title')}: {problem.get('detail')}\")",
  ].join('\n');
}
