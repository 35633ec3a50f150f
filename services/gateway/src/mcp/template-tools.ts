import { z } from 'zod';
import { TemplateListQuery, paginate } from '@pressroom/contracts';
import type { Db } from '@pressroom/db';
import type { AuthContext } from '../http/auth.js';
import { listOwnerTemplates } from '../renders/list-owner-templates.js';
import { loadTemplate } from '../renders/load-template.js';
import { templateView } from '../views/template-view.js';
import { defineTool, type McpTool } from './tool.js';
import { jsonResult } from './tool-result.js';

const TemplateUid = z.object({ uid: z.string().min(1).describe('The template uid (from list_templates).') });

/** list_templates and get_template: GET /templates and GET /templates/{uid}. */
export function templateTools(deps: { db: Db }, auth: AuthContext): McpTool[] {
  return [
    defineTool({
      name: 'list_templates',
      title: 'List templates',
      description: 'The saved templates of this account (uid, name, size, output format), newest first, one page at a time.',
      input: TemplateListQuery,
      run: async (query) => {
        const { rows, total } = await listOwnerTemplates(deps.db, auth.ownerId, query);
        return jsonResult({
          templates: rows.map((row) => {
            const { uid, name, engine, width, height, outputFormat, tags, variableDefinitions, updatedAt } = templateView(row);
            return { uid, name, engine, width, height, outputFormat, tags, variables: variableDefinitions.map((v) => v.name), updatedAt };
          }),
          pagination: paginate({ page: query.page, limit: query.limit, total }),
        });
      },
    }),
    defineTool({
      name: 'get_template',
      title: 'Get a template and its variables',
      description: 'One template: its HTML or canvas, size, layouts and the variables it takes (name, type, default, required).',
      input: TemplateUid,
      run: async ({ uid }) => {
        const template = templateView(await loadTemplate(deps.db, { ownerId: auth.ownerId, uid }));
        return jsonResult({ template, variables: template.variableDefinitions });
      },
    }),
  ];
}
