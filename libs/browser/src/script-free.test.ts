import { isScriptFree } from './script-free.js';

describe('isScriptFree', () => {
  it('accepts plain cards with styles, SVG, images and entities', () => {
    expect(
      isScriptFree(
        '<style>h1{color:red}</style><h1 class="t">Invoice — total &amp; tax</h1><svg viewBox="0 0 1 1"><circle r="1"/></svg><img src="https://cdn.example/x.png">',
      ),
    ).toBe(true);
  });

  it.each([
    ['a script element', '<script>1</script>'],
    ['an SVG script', '<svg><script>1</script></svg>'],
    ['an inline handler', '<img src=x onerror="alert(1)">'],
    ['a handler after a slash', '<img/onerror=alert(1) src=x>'],
    ['an iframe', '<iframe src="https://example.com"></iframe>'],
    ['srcdoc', '<div srcdoc="x"></div>'],
    ['an object', '<object data="x.svg"></object>'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>'],
    ['an encoded letter', '<a href="j&#97;vascript:alert(1)">x</a>'],
    ['an encoded colon', '<a href="javascript&colon;alert(1)">x</a>'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=/x">'],
  ])('treats %s as script', (_name, html) => {
    expect(isScriptFree(html)).toBe(false);
  });
});
