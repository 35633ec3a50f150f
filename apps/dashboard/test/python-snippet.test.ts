import { execFileSync } from 'node:child_process';
import { pythonLiteral, pythonSnippet } from '../src/pages/templates/python-snippet.js';

/** What Python itself reads the literal as, back in JSON: the check is Python's parser, not our idea of it. */
const readByPython = (literal: string): unknown =>
  JSON.parse(
    execFileSync('python3', ['-c', 'import ast, json, sys; print(json.dumps(ast.literal_eval(sys.stdin.read())))'], {
      input: literal,
      encoding: 'utf8',
    }),
  );

describe('a request body written as Python', () => {
  it('is read by Python as the same value, with awkward text, true/false/null, numbers and nesting', () => {
    const body = {
      template: 'tpl_1',
      variables: { title: 'It\'s "quoted" $HOME `id` \\n — ünï 😀\n', shown: true, hidden: false, none: null, n: -1.5e-7, big: 1e21 },
      list: [1, 'two', [null], {}],
    };
    expect(readByPython(pythonLiteral(body))).toEqual(body);
  });

  it('leaves out what JSON would leave out (undefined), as the JavaScript snippet sends it', () => {
    expect(pythonLiteral({ a: 1, b: undefined })).toBe('{"a": 1}');
  });

  it('is a program Python compiles, posting to the origin’s /image', () => {
    const code = pythonSnippet('http://localhost:8080', { template: 'tpl_1', variables: { q: "'''" } });
    expect(code).toContain('"http://localhost:8080/image"');
    execFileSync('python3', ['-c', 'import sys; compile(sys.stdin.read(), "snippet.py", "exec")'], { input: code });
  });
});
