import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { paginate } from '@pressroom/contracts';
import { linkPagination, paginationLinks } from './link-pagination.js';

describe('linkPagination', () => {
  it('links first, prev, next and last on the request URL, dropping offset', () => {
    const links = paginationLinks(new URL('http://x/templates?limit=2&offset=2&sort=name'), { page: 2, totalPages: 3 });
    expect(links).toBe(
      '</templates?limit=2&sort=name&page=1>; rel="first", </templates?limit=2&sort=name&page=1>; rel="prev", ' +
        '</templates?limit=2&sort=name&page=3>; rel="next", </templates?limit=2&sort=name&page=3>; rel="last"',
    );
    expect(paginationLinks(new URL('http://x/a'), { page: 1, totalPages: 1 })).toBe('</a?page=1>; rel="first", </a?page=1>; rel="last"');
  });

  it('sets Link on list answers only', async () => {
    const app = express();
    app.set('query parser', 'simple');
    app.use(linkPagination);
    app.get(
      '/list',
      (req, res) => void res.json({ items: [], pagination: paginate({ page: Number(req.query.page ?? 1), limit: 10, total: 25 }) }),
    );
    app.get('/one', (_req, res) => void res.json({ item: 1 }));
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const first = await fetch(`${base}/list?page=1`);
      expect(first.headers.get('link')).toMatch(/<\/list\?page=2>; rel="next"/);
      expect(first.headers.get('link')).not.toMatch(/rel="prev"/);
      const last = await fetch(`${base}/list?page=3`);
      expect(last.headers.get('link')).toMatch(/<\/list\?page=2>; rel="prev"/);
      expect(last.headers.get('link')).not.toMatch(/rel="next"/);
      expect((await fetch(`${base}/one`)).headers.get('link')).toBeNull();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
