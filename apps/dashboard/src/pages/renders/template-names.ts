import { useQuery } from '@tanstack/react-query';
import { listEveryVideoTemplate, videoKeys } from '../../api/video';
import { useEveryTemplate } from '../templates/template-choice';

/**
 * The workspace's template names by uid (every image/PDF template, read once as the pickers read them, and every video
 * template): the choices of the Renders page's Template filter. A render's own row is named by the `templateName` it
 * carries (render-columns.tsx), not from here, so a list or the overview reads no list of templates to name renders.
 */
export function useTemplateNames(): Map<string, string> {
  const templates = useEveryTemplate('all');
  const videoTemplates = useQuery({ queryKey: [...videoKeys.all, 'names'], queryFn: listEveryVideoTemplate });
  return new Map([
    ...(templates.data?.templates ?? []).map((t) => [t.uid, t.name] as const),
    ...(videoTemplates.data?.templates ?? []).map((t) => [t.uid, t.name] as const),
  ]);
}
