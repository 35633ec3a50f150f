import { canonicalJson, idempotencyRequestHash, isValidIdempotencyKey } from './idempotency-hash.js';

describe('idempotency request hash', () => {
  it('ignores key order and whitespace but not values', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}');
    const a = idempotencyRequestHash('POST', '/image', Buffer.from('{"a":1,"b":[1,2]}'));
    expect(idempotencyRequestHash('post', '/image', Buffer.from(' { "b" : [1,2], "a":1 }'))).toBe(a);
    expect(idempotencyRequestHash('POST', '/image', Buffer.from('{"a":1,"b":[2,1]}'))).not.toBe(a);
    expect(idempotencyRequestHash('POST', '/gif', Buffer.from('{"a":1,"b":[1,2]}'))).not.toBe(a);
  });
  it('treats an empty body as {} and hashes non-JSON bytes raw', () => {
    expect(idempotencyRequestHash('POST', '/x', Buffer.alloc(0))).toBe(idempotencyRequestHash('POST', '/x', Buffer.from('{}')));
    expect(idempotencyRequestHash('POST', '/x', Buffer.from('not json'))).not.toBe(
      idempotencyRequestHash('POST', '/x', Buffer.from('not json!')),
    );
  });
  it('accepts 1-255 printable ASCII characters only', () => {
    expect(isValidIdempotencyKey('a')).toBe(true);
    expect(isValidIdempotencyKey('x'.repeat(255))).toBe(true);
    expect(isValidIdempotencyKey('x'.repeat(256))).toBe(false);
    expect(isValidIdempotencyKey('')).toBe(false);
    expect(isValidIdempotencyKey('tab\there')).toBe(false);
    expect(isValidIdempotencyKey('é')).toBe(false);
  });
});
