import { ProblemError } from '@pressroom/problem';
import { interpolate } from '@pressroom/templating';
import { getTemplate, type Db, type TemplateRow } from '@pressroom/db';

export async function loadTemplate(db: Db, options: { ownerId: string; uid: string }): Promise<TemplateRow> {
  const template = await getTemplate(db, options);
  if (!template) {
    throw new ProblemError('template-not-found', { detail: `No template with uid ${JSON.stringify(options.uid)} exists for this account.` });
  }
  return template;
}

export interface TemplatePageSource {
  html: string;
  width: number;
  height: number;
  jsEnabled: boolean;
}

/** The HTML page of a template with its variables filled in. */
export function templatePage(template: TemplateRow, options: { variables: Record<string, unknown>; layout?: string | undefined }): TemplatePageSource {
  if (options.layout !== undefined && options.layout !== 'default' && !(options.layout in template.layouts)) {
    throw new ProblemError('not-found', {
      detail: `Template ${template.uid} has no layout ${JSON.stringify(options.layout)}; known layouts: ${['default', ...Object.keys(template.layouts)].join(', ')}.`,
    });
  }
  if (template.html === null) {
    throw new ProblemError('validation-error', {
      detail: `Template ${template.uid} is a FabricJS canvas template; canvas rendering arrives with the canvas renderer. Render HTML templates here.`,
      errors: [{ field: 'template', message: 'Canvas templates cannot be rendered by this endpoint yet.' }],
    });
  }
  return {
    html: interpolate(template.html, options.variables),
    width: template.width,
    height: template.height,
    jsEnabled: template.jsEnabled,
  };
}
