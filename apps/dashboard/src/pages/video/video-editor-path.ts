import type { VideoTemplate } from '../../api/video';

/** Where a video template is edited: the timeline studio or the code editor. */
export const videoEditorPath = (t: Pick<VideoTemplate, 'uid' | 'kind'>) =>
  `/video/templates/${encodeURIComponent(t.uid)}/${t.kind === 'timeline' ? 'timeline' : 'code'}`;
