import type { RequestHandler } from 'express';

interface PageInfo {
  page: number;
  totalPages: number;
}

function pageInfo(value: unknown): PageInfo | null {
  const pagination = (value as { pagination?: Partial<PageInfo> } | null)?.pagination;
  if (typeof pagination?.page !== 'number' || typeof pagination.totalPages !== 'number') return null;
  return { page: pagination.page, totalPages: pagination.totalPages };
}

/** The RFC 8288 `Link` header of one page of a list: first, prev, next and last, on the request's own URL. */
export function paginationLinks(requestUrl: URL, info: PageInfo): string {
  const at = (page: number) => {
    const url = new URL(requestUrl);
    url.searchParams.delete('offset');
    url.searchParams.set('page', String(page));
    return `<${url.pathname}${url.search}>`;
  };
  const links = [`${at(1)}; rel="first"`];
  if (info.page > 1) links.push(`${at(Math.min(info.page - 1, info.totalPages))}; rel="prev"`);
  if (info.page < info.totalPages) links.push(`${at(info.page + 1)}; rel="next"`);
  links.push(`${at(info.totalPages)}; rel="last"`);
  return links.join(', ');
}

/**
 * `Link` headers on every list answer that carries the common `pagination` object, so
 * a client follows rel="next" without building URLs; routes need no change.
 */
export const linkPagination: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const json = res.json.bind(res);
  res.json = (value: unknown) => {
    const info = res.statusCode === 200 ? pageInfo(value) : null;
    if (info) res.setHeader('Link', paginationLinks(new URL(req.originalUrl, 'http://relative'), info));
    return json(value);
  };
  next();
};
