import { useQuery } from '@tanstack/react-query';
import { getTemplate, templateKeys } from '../../api/templates';
import { deletedTemplateLabel } from '../templates/template-name';

/** What a batch answer says of its template: its uid, and its name (null once the template was deleted). */
interface TemplateOfBatch {
  templateId: string;
  templateName: string | null;
}

/**
 * The batch's template whole (its sizes' names and its variables' order, for the results), read on its own by uid as
 * the editors read it (their cache is shared), never from a list of every template. Not asked for once the batch says
 * it was deleted: `undefined` then, and while it loads.
 */
export function useBatchTemplate(batch: TemplateOfBatch | undefined) {
  const uid = batch?.templateId ?? '';
  return useQuery({
    queryKey: templateKeys.one(uid),
    queryFn: () => getTemplate(uid),
    enabled: batch !== undefined && batch.templateName !== null,
  }).data;
}

/** How a list names a batch's template: by the name the API gives with it; once deleted, by its uid, said deleted. */
export const templateOfBatchText = (batch: TemplateOfBatch): string => batch.templateName ?? deletedTemplateLabel(batch.templateId);
