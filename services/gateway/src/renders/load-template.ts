import { getTemplate, type Db, type TemplateRow } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';

/** The caller's template, or 404 template-not-found (another owner's uid looks missing). */
export async function loadTemplate(db: Db, options: { ownerId: string; uid: string }): Promise<TemplateRow> {
  const template = await getTemplate(db, options);
  if (!template) {
    throw new ProblemError('template-not-found', {
      detail: `No template with uid ${JSON.stringify(options.uid)} exists for this account.`,
    });
  }
  return template;
}
