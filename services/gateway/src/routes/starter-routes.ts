import { Router } from 'express';
import { StarterCopyRequest, newId } from '@pressroom/contracts';
import { insertTemplate, type Db } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { STARTERS, findStarter, type StarterTemplate } from '@pressroom/starter-templates';
import { authOf } from '../http/auth.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { templateView } from '../views/template-view.js';
import { versionMember } from '../views/template-version-view.js';
import { versionAuthor } from '../http/version-author.js';

/** A starter as the gallery lists it: the paper preset is the copy's (its `pdfPreset`), not part of the answer (StarterView). */
function starterView(starter: StarterTemplate): Omit<StarterTemplate, 'pdfPreset'> {
  if (starter.engine === 'html') return starter;
  const { pdfPreset: _paper, ...view } = starter;
  return view;
}

/** The starter gallery. Mounted before the template routes: `starters` is not a template uid. */
export function starterRoutes(deps: { db: Db }): Router {
  const router = Router();

  defineRoute(router, '/templates/starters', {
    get: handler(async (_req, res) => {
      res.json({ starters: STARTERS.map((starter) => starterView(starter)) });
    }),
  });

  defineRoute(router, '/templates/starters/:key/copy', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(StarterCopyRequest, req.body);
      const key = String(req.params.key);
      const starter = findStarter(key);
      if (!starter) {
        throw new ProblemError('not-found', {
          detail: `No starter template ${JSON.stringify(key)}; GET /templates/starters lists them (${STARTERS.map((s) => s.key).join(', ')}).`,
        });
      }
      const auth = authOf(res);
      const row = await insertTemplate(
        deps.db,
        {
          uid: newId('tpl'),
          ownerId: auth.ownerId,
          name: body.name ?? starter.name,
          engine: starter.engine,
          html: starter.engine === 'html' ? starter.html : null,
          // A deep copy: the catalogue is shared module state.
          fabricJSData: starter.engine === 'fabric' ? structuredClone(starter.fabricJSData) : null,
          jsEnabled: false,
          strictVariables: false,
          type: 'image',
          category: starter.category,
          tags: ['starter', starter.key],
          width: starter.width,
          height: starter.height,
          outputFormat: 'image',
          pdfPreset: (starter.engine === 'fabric' ? starter.pdfPreset : undefined) ?? null,
          variableDefinitions: structuredClone(starter.variableDefinitions),
          pages: [],
          layouts: {},
        },
        // A copy is created, so saved for the first time: version 1 of its history, as POST /templates records.
        { version: versionAuthor(auth) },
      );
      res.status(200).json({ template: templateView(row), ...versionMember(row.savedVersion) });
    }),
  });

  return router;
}
