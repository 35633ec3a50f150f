import type { RequestHandler, Router } from 'express';
import { ProblemError } from '@pressroom/problem';

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';
export type MethodHandlers = Partial<Record<Method, RequestHandler | RequestHandler[]>>;

/**
 * Registers the handlers of one path and answers every other method with a
 * 405 problem naming the allowed ones.
 */
export function defineRoute(router: Router, path: string, handlers: MethodHandlers): void {
  const route = router.route(path);
  const allowed: string[] = [];
  for (const [method, handler] of Object.entries(handlers) as [Method, RequestHandler | RequestHandler[]][]) {
    route[method](...(Array.isArray(handler) ? handler : [handler]));
    allowed.push(method.toUpperCase());
  }
  if (allowed.includes('GET')) allowed.push('HEAD');
  const allow = allowed.join(', ');
  route.all((req, _res, next) => {
    next(
      new ProblemError('method-not-allowed', {
        detail: `${req.method} is not allowed on ${req.path}; allowed: ${allow}.`,
        headers: { Allow: allow },
      }),
    );
  });
}

/** Wrap an async handler (Express 5 forwards rejections already; this keeps types tidy). */
export function handler(fn: (...args: Parameters<RequestHandler>) => Promise<void>): RequestHandler {
  return (req, res, next) => fn(req, res, next).catch(next);
}
