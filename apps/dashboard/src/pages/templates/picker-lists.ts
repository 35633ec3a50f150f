import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listTemplates, templateKeys } from '../../api/templates';
import { listVideoTemplates, videoKeys } from '../../api/video';

/** How many templates a picker lists before anything is typed: one page (the API's largest). */
export const FIRST_PAGE = 100;

/** Which templates a picker offers: its templates' output (`image` for a binding) and, for a filter of renders or webhooks, video templates too. */
export interface PickerScope {
  outputFormat: 'all' | 'image';
  withVideo?: boolean;
}

/** One choice of a picker; `video`: a video template (its uid `vtp_…`, read under /video). */
export interface PickedTemplate {
  uid: string;
  name: string;
  video?: boolean;
}

/** What a picker lists: its templates (the image/PDF ones by name, then the video ones newest first) and how many there are in all. */
export interface PickerPage {
  templates: PickedTemplate[];
  total: number;
}

/** A picker's templates by name, one page of FIRST_PAGE; `search`: only the names containing it (asked of the API). */
export const pickerList = (outputFormat: 'all' | 'image', search = '') => ({
  queryKey: templateKeys.list({ sort: 'name', outputFormat, limit: FIRST_PAGE, ...(search ? { search } : {}) }),
  queryFn: () => listTemplates({ sort: 'name', outputFormat, limit: FIRST_PAGE, search }),
});

/** The same of video templates (the API lists them newest first), under the video templates' keys. */
const videoPickerList = (search: string, enabled: boolean) => ({
  queryKey: [...videoKeys.all, 'picker', search] as const,
  queryFn: () => listVideoTemplates(1, FIRST_PAGE, search),
  enabled,
});

/**
 * One page of a picker's templates, of every kind its scope holds; `search`: only the names containing it (none: the
 * first page). `placeholder`: while a term's answer is asked, the last term's answer is kept (so the list does not
 * empty under the pointer), and marked as not this term's. `data` is undefined until every kind has answered.
 */
export function usePickerPage(scope: PickerScope, search = '', options: { enabled?: boolean; placeholder?: boolean } = {}) {
  const enabled = options.enabled ?? true;
  const keep = options.placeholder ? { placeholderData: keepPreviousData } : {};
  const templates = useQuery({ ...pickerList(scope.outputFormat, search), enabled, ...keep });
  const videos = useQuery({ ...videoPickerList(search, enabled && scope.withVideo === true), ...keep });
  const kinds = scope.withVideo ? [templates, videos] : [templates];
  const data: PickerPage | undefined =
    templates.data && (!scope.withVideo || videos.data)
      ? {
          templates: [
            ...templates.data.templates.map((t) => ({ uid: t.uid, name: t.name })),
            ...(scope.withVideo ? (videos.data?.templates ?? []).map((t) => ({ uid: t.uid, name: t.name, video: true })) : []),
          ],
          total: templates.data.pagination.total + (scope.withVideo ? (videos.data?.pagination.total ?? 0) : 0),
        }
      : undefined;
  return {
    data,
    isPlaceholderData: kinds.some((q) => q.isPlaceholderData),
    error: kinds.find((q) => q.isError)?.error ?? null,
  };
}
