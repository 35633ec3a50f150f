import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useParams } from 'react-router';
import { getVideoTemplate, videoKeys } from '../../api/video';
import { QueryState } from '../../kit/query-state';
import { videoEditorPath } from './video-editor-path';

/**
 * /video/templates/{uid}: opens the template in its editor (the timeline studio or the code editor, by its kind),
 * passing on what the link carried (a failed render's Render again: the values that render used).
 */
export default function VideoTemplatePage() {
  const { uid = '' } = useParams();
  const { state } = useLocation();
  const template = useQuery({ queryKey: videoKeys.one(uid), queryFn: () => getVideoTemplate(uid) });
  return <QueryState query={template}>{(t) => <Navigate replace to={videoEditorPath(t)} state={state} />}</QueryState>;
}
