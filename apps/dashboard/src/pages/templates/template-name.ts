import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/problem';
import { getTemplate, templateKeys } from '../../api/templates';
import { getVideoTemplate, videoKeys } from '../../api/video';
import type { PickedTemplate } from './picker-lists';

/** A video template's uid (`vtp_…`): read under /video/templates, not /templates. */
export const isVideoTemplateUid = (uid: string) => uid.startsWith('vtp_');

/** A template's words in a picker: a video template is marked as one (its renders are videos, and its name may be an image template's too). */
export const templateLabel = (t: Pick<PickedTemplate, 'name' | 'video'>) => (t.video ? `${t.name} (video)` : t.name);

/**
 * How a page names a template deleted since (no name is left to show): its uid, said deleted. One wording for a
 * render's page, the Renders filter and the batches' lists.
 */
export const deletedTemplateLabel = (uid: string) => `${uid} (deleted)`;

/**
 * The template `uid` names (an image/PDF one, or a video one by its uid), to show a choice made before the list
 * holding it was read (a filter from the address, a saved webhook): taken from `listed` when it holds it, else read by
 * id (GET /templates/{uid} or /video/templates/{uid}, under the keys its editor reads it by). `listed` undefined: the
 * list is still loading, and is waited for rather than reading the one template on its own too. `gone`: the API
 * answered 404 (deleted since, or never this workspace's).
 */
export function useTemplateName(uid: string, listed: readonly PickedTemplate[] | undefined) {
  const video = isVideoTemplateUid(uid);
  const inList = listed?.find((t) => t.uid === uid);
  const alone = useQuery({
    queryKey: video ? videoKeys.one(uid) : templateKeys.one(uid),
    queryFn: async (): Promise<{ name: string }> => (video ? getVideoTemplate(uid) : getTemplate(uid)),
    enabled: uid !== '' && listed !== undefined && inList === undefined,
    retry: false,
  });
  const name = inList?.name ?? alone.data?.name;
  const gone = uid !== '' && alone.error instanceof ApiError && alone.error.status === 404;
  return { name, video, gone };
}
