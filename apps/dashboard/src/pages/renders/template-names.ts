import { useQuery } from '@tanstack/react-query';
import { listTemplates, templateKeys } from '../../api/templates';
import { listVideoTemplates, videoKeys } from '../../api/video';

/**
 * The workspace's template names by uid (the first 100 image/PDF templates by name and the first 100 video
 * templates), so a render is named by its template rather than an id. The same queries as the Renders page's
 * (shared by their keys): opening one after the other asks nothing more.
 */
export function useTemplateNames(): Map<string, string> {
  const templates = useQuery({
    queryKey: templateKeys.list({ filter: true }),
    queryFn: () => listTemplates({ limit: 100, sort: 'name', outputFormat: 'all' }),
  });
  const videoTemplates = useQuery({ queryKey: [...videoKeys.all, 'names'], queryFn: () => listVideoTemplates(1, 100) });
  return new Map([
    ...(templates.data?.templates ?? []).map((t) => [t.uid, t.name] as const),
    ...(videoTemplates.data?.templates ?? []).map((t) => [t.uid, t.name] as const),
  ]);
}
