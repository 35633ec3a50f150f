import { z } from 'zod';
import { TemplateThumbnailUpload } from '../http/template-versions.js';
import { json, type Operation } from './operation.js';
import { TemplateView } from './responses.js';

const VersionSummary = z.looseObject({
  id: z.string().min(1),
  number: z.number().int(),
  createdAt: z.string().min(1),
  createdBy: z.string(),
  thumbnail: z.string().nullable(),
});
const NOT_FOUND = ['template-not-found', 'not-found'] as const;

/** Version history of templates (docs/templates.md#versions): the last 20 saves, each restorable. */
export const templateVersionOperations: Operation[] = [
  {
    method: 'get',
    path: '/templates/{uid}/versions',
    operationId: 'listTemplateVersions',
    tag: 'Templates',
    summary: "A template's last 20 saves, newest first",
    auth: 'apiKey',
    responses: { 200: json(z.looseObject({ versions: z.array(VersionSummary) })) },
    problems: ['template-not-found'],
  },
  {
    method: 'get',
    path: '/templates/{uid}/versions/{id}',
    operationId: 'getTemplateVersion',
    tag: 'Templates',
    summary: 'One saved version, with the template as that save left it',
    auth: 'apiKey',
    responses: { 200: json(z.looseObject({ version: VersionSummary.extend({ template: z.looseObject({ name: z.string() }) }) })) },
    problems: NOT_FOUND,
  },
  {
    method: 'post',
    path: '/templates/{uid}/versions/{id}/restore',
    operationId: 'restoreTemplateVersion',
    tag: 'Templates',
    summary: 'Restore a saved version (a save itself: it becomes the newest version)',
    auth: 'apiKey',
    responses: {
      200: {
        ...json(z.looseObject({ template: TemplateView, version: VersionSummary })),
        headers: { ETag: "The template's new revision: the `If-Match` of the next `PUT /templates/{uid}`." },
      },
    },
    problems: NOT_FOUND,
  },
  {
    method: 'put',
    path: '/templates/{uid}/versions/{id}/thumbnail',
    operationId: 'setTemplateVersionThumbnail',
    tag: 'Templates',
    summary: "Attach the editor's PNG export to a saved version (the template shows it when the version is the newest)",
    auth: 'apiKey',
    body: TemplateThumbnailUpload,
    example: { image: 'data:image/png;base64,iVBORw0KGgo=' },
    responses: { 200: json(z.looseObject({ version: VersionSummary })) },
    problems: NOT_FOUND,
  },
];
