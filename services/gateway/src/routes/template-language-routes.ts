import { Router } from 'express';
import { ExpressionInterpolateRequest, ExpressionTestRequest, ExpressionValidateRequest } from '@pressroom/contracts';
import type { Db } from '@pressroom/db';
import { layoutKeys } from '@pressroom/render-requests';
import {
  FUNCTIONS,
  evaluateExpression,
  expressionProblem,
  isExpressionError,
  renderText,
  designVariableNames,
  toText,
  validateExpression,
  valueType,
} from '@pressroom/templating';
import { authOf } from '../http/auth.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { loadTemplate } from '../renders/load-template.js';

/**
 * The template language's own endpoints. Mounted before the template CRUD
 * routes so `/templates/expression/...` is never read as a template uid.
 */
export function templateLanguageRoutes(deps: { db: Db }): Router {
  const router = Router();

  defineRoute(router, '/templates/expression/functions', {
    get: handler(async (_req, res) => {
      res.json({ functions: FUNCTIONS });
    }),
  });

  defineRoute(router, '/templates/expression/test', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(ExpressionTestRequest, req.body);
      let result: unknown;
      try {
        result = evaluateExpression(body.expression, body.variables ?? {});
      } catch (error) {
        throw isExpressionError(error) ? expressionProblem(error) : error;
      }
      res.json({ result: result === undefined ? null : result, type: valueType(result), text: toText(result) });
    }),
  });

  // The hosted service's editor checks an expression as it is typed: 200 either way, `valid` says.
  defineRoute(router, '/templates/expression/validate', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(ExpressionValidateRequest, req.body);
      res.json(validateExpression(body.expression));
    }),
  });

  // A text with placeholders filled in; placeholders whose variable is missing stay literal and are listed.
  defineRoute(router, '/templates/expression/interpolate', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(ExpressionInterpolateRequest, req.body);
      let rendered: { text: string; missing: string[] };
      try {
        rendered = renderText(body.template, body.variables ?? {});
      } catch (error) {
        throw isExpressionError(error) ? expressionProblem(error) : error;
      }
      res.json({ result: rendered.text, missing: rendered.missing });
    }),
  });

  defineRoute(router, '/templates/:uid/variables', {
    get: handler(async (req, res) => {
      const template = await loadTemplate(deps.db, { ownerId: authOf(res).ownerId, uid: String(req.params.uid) });
      res.json({
        templateUid: template.uid,
        templateName: template.name,
        variables: template.variableDefinitions,
        detected: designVariableNames(template),
        layouts: layoutKeys(template),
      });
    }),
  });

  return router;
}
