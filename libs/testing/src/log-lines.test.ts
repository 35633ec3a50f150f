import { repeatedKeys } from './log-lines.js';

describe('repeatedKeys', () => {
  it('finds a key written twice in one object, which JSON.parse would hide', () => {
    const line = '{"level":30,"traceId":"a","msg":"x","traceId":"a"}';
    expect(JSON.parse(line)).toEqual({ level: 30, traceId: 'a', msg: 'x' });
    expect(repeatedKeys(line)).toEqual(['traceId']);
  });

  it('tells keys of nested objects, array items and string values apart', () => {
    expect(repeatedKeys('{"a":{"a":1},"b":[{"a":1},{"a":2}],"c":"\\"a\\":","d":"a"}')).toEqual([]);
    expect(repeatedKeys('{"err":{"type":"E","type":"F"}}')).toEqual(['type']);
  });
});
