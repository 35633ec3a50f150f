import { labelledPath, routeLabel } from './route-label.js';

describe('routeLabel', () => {
  it('keeps a string path as Express matched it', () => {
    expect(routeLabel('/image/:id')).toBe('/image/:id');
  });

  it('gives a RegExp path the label its route declared', () => {
    expect(routeLabel(labelledPath(/^\/files\/(.+)$/, '/files/*'))).toBe('/files/*');
  });

  it('gives an undeclared RegExp its source, one fixed value per route (never `{}`)', () => {
    expect(routeLabel(/^\/reports\/(\d+)$/)).toBe('^\\/reports\\/(\\d+)$');
  });

  it('joins the labels of an array of paths', () => {
    expect(routeLabel(['/a', labelledPath(/^\/b\/.*$/, '/b/*')])).toBe('/a,/b/*');
  });

  it('is `unmatched` when no route answered', () => {
    expect(routeLabel(undefined)).toBe('unmatched');
  });
});
