import { checkSvg } from './svg-check.js';

const rulesOf = (svg: string) => checkSvg(Buffer.from(svg)).map((f) => f.rule);

describe('checkSvg', () => {
  it('accepts plain shapes, gradients by #id and inline raster images', () => {
    const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">
      <defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>
      <rect width="10" height="10" fill="url(#g)" style="fill:url('#g')"/><use href="#g"/>
      <image href="data:image/png;base64,iVBORw0KGgo="/></svg>`;
    expect(rulesOf(svg)).toEqual([]);
  });

  it.each([
    ['<svg><script>alert(1)</script></svg>', 'script'],
    ['<svg><SCRIPT >x</SCRIPT></svg>', 'script'],
    ['<svg onload="alert(1)"></svg>', 'event-handler'],
    ['<svg><rect/onclick=alert(1)></svg>', 'event-handler'],
    ['<svg><a href="javascript:alert(1)">x</a></svg>', 'javascript-url'],
    ['<svg><image href="https://tracker.example/p.png"/></svg>', 'external-reference'],
    ['<svg><use xlink:href="other.svg#a"/></svg>', 'external-reference'],
    ['<svg><a href="&#106;avascript:alert(1)">x</a></svg>', 'external-reference'],
    ['<svg><rect style="fill:url(http://evil.example/x)"/></svg>', 'external-reference'],
    ['<svg><style>@import "http://evil.example/a.css";</style></svg>', 'css-import'],
    ['<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>', 'doctype'],
    ['<svg><foreignObject><div/></foreignObject></svg>', 'embedded-html'],
    ['<svg><set attributeName="href" to="javascript:alert(1)"/></svg>', 'animated-reference'],
  ])('refuses %s', (svg, rule) => {
    expect(rulesOf(svg)).toContain(rule);
  });

  it('stays linear on hostile input and still refuses long external references', () => {
    expect(rulesOf(`<svg>${'url('.repeat(200_000)}</svg>`)).toContain('external-reference');
    expect(rulesOf(`<svg>${'<a href="'.repeat(200_000)}</svg>`)).toContain('external-reference');
    expect(rulesOf(`<svg><rect style="fill:url(http://evil.example/${'a'.repeat(10_000)})"/></svg>`)).toContain('external-reference');
  });
});
