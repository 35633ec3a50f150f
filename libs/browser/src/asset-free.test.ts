import { isAssetFree } from './asset-free.js';

describe('isAssetFree', () => {
  it('accepts text, tables and inline styles with system fonts and colours', () => {
    expect(
      isAssetFree(
        '<!doctype html><html><head><title>Invoice 7</title><style>body{font:13px sans-serif;background:linear-gradient(#fff,#eee)}</style></head><body><h1>Total &amp; tax</h1><table><tr><td>1</td></tr></table><a href="https://example.com">site</a></body></html>',
      ),
    ).toBe(true);
  });

  it.each([
    ['an image', '<img src="data:image/png;base64,AAAA">'],
    ['an image in SVG', '<svg><image href="x.png"/></svg>'],
    ['inline SVG', '<svg viewBox="0 0 1 1"><circle r="1"/></svg>'],
    ['a picture source', '<picture><source srcset="x.webp"></picture>'],
    ['a style sheet link', '<link rel="stylesheet" href="x.css">'],
    ['an imported style sheet', '<style>@import "x.css";</style>'],
    ['a web font', '<style>@font-face{font-family:F;src:local(Arial)}</style>'],
    ['a CSS background image', '<div style="background:url(x.png)"></div>'],
    ['a spaced url()', '<style>div{background:url ("x.png")}</style>'],
    ['image-set()', '<style>div{background-image:image-set("x.png" 1x)}</style>'],
    ['an image input', '<input type="image" src="x.png">'],
    ['a video poster', '<video poster="x.png"></video>'],
    ['a character reference (it decodes in attributes)', '<div style="background:u&#114;l(x.png)"></div>'],
    ['an encoded parenthesis', '<div style="background:url&lpar;x.png)"></div>'],
    ['a CSS escape', '<style>div{background:\\75 rl(x.png)}</style>'],
  ])('counts %s as something that may load', (_name, html) => {
    expect(isAssetFree(html)).toBe(false);
  });
});
