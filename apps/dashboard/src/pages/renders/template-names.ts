import { useQuery } from '@tanstack/react-query';
import { listEveryVideoTemplate, videoKeys } from '../../api/video';
import { useEveryTemplate } from '../templates/template-choice';

/**
 * The workspace's template names by uid (every image/PDF template, read once as the pickers read them, and every video
 * template), so a render is named by its template rather than an id. The same queries as the Renders
 * page's (shared by their keys): opening one after the other asks nothing more.
 */
export function useTemplateNames(): Map<string, string> {
  const templates = useEveryTemplate('all');
  const videoTemplates = useQuery({ queryKey: [...videoKeys.all, 'names'], queryFn: listEveryVideoTemplate });
  return new Map([
    ...(templates.data?.templates ?? []).map((t) => [t.uid, t.name] as const),
    ...(videoTemplates.data?.templates ?? []).map((t) => [t.uid, t.name] as const),
  ]);
}
