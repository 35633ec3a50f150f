import type { VideoRenderResult } from '@pressroom/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../api/problem';
import { renderFileUrl } from '../../api/renders';
import { renderVideo } from '../../api/video-code';
import { Alert } from '../../kit/alert';
import { Button, buttonClass } from '../../kit/button';
import { LiveMessage } from '../../kit/live-message';
import { plural } from '../../kit/plural';
import { SelectField } from '../../kit/select-field';

const FORMATS = [
  ['mp4', 'MP4 (H.264)'],
  ['webm', 'WebM (VP9)'],
  ['gif', 'GIF'],
] as const;

/**
 * Renders the scene (1 render credit) and offers the file for download. The API renders the saved scene, so with
 * unsaved changes the button saves first (`save`, the page's own Save and compile) and renders only if that went
 * through, as the other editors' Save and render do.
 */
export function RenderPanel({ uid, dirty, save }: { uid: string; dirty: boolean; save: () => Promise<unknown> }) {
  const [format, setFormat] = useState<VideoRenderResult['format']>('mp4');
  const [notSaved, setNotSaved] = useState(false);
  const render = useMutation({ mutationFn: () => renderVideo(uid, format) });
  const result = render.data;
  const start = async () => {
    setNotSaved(false);
    if (dirty) {
      render.reset();
      // The save's refusal shows where Save and compile shows it (the compiler's list and the editor).
      const saved = await save().then(
        () => true,
        () => false,
      );
      if (!saved) return setNotSaved(true);
    }
    render.mutate();
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Format"
          value={format}
          options={FORMATS}
          onChange={(e) => setFormat(e.target.value as VideoRenderResult['format'])}
        />
        <Button busy={render.isPending} onClick={() => void start()}>
          {render.isPending ? 'Rendering…' : dirty ? 'Save and render video' : 'Render video'}
        </Button>
      </div>
      {/* Always in the page, as in the template editors' render panels (a live region must exist before its message);
          visible once there is one. */}
      <LiveMessage tone="error" politeness="polite" className={notSaved ? undefined : 'sr-only'}>
        {notSaved ? 'Not rendered: the scene could not be saved.' : ''}
      </LiveMessage>
      {render.isError && <Alert>{messageOf(render.error)}</Alert>}
      {result && result.url !== null && (
        <Alert tone="success">
          <p className="flex flex-wrap items-center gap-3">
            Rendered {result.width}×{result.height}, {plural(result.durationInFrames, 'frame')} at {result.fps} fps.
            <a className={buttonClass('secondary')} href={renderFileUrl(result.id)} download>
              Download {result.format.toUpperCase()}
            </a>
          </p>
        </Alert>
      )}
      {result && result.url === null && (
        // News after Render video (the API's wait ran out), not a standing note: announced like the success.
        <Alert tone="info" live>
          The render is still running (id {result.id}); it will appear under Renders when it is done.
        </Alert>
      )}
    </div>
  );
}
