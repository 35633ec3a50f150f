import type { VideoRenderResult } from '@pressroom/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../api/problem';
import { renderVideo } from '../../api/video-code';
import { Alert } from '../../kit/alert';
import { Button, buttonClass } from '../../kit/button';
import { SelectField } from '../../kit/select-field';

const FORMATS = [
  ['mp4', 'MP4 (H.264)'],
  ['webm', 'WebM (VP9)'],
  ['gif', 'GIF'],
] as const;

/** Renders the saved scene (1 render credit) and offers the file for download. */
export function RenderPanel({ uid, dirty }: { uid: string; dirty: boolean }) {
  const [format, setFormat] = useState<VideoRenderResult['format']>('mp4');
  const render = useMutation({ mutationFn: () => renderVideo(uid, format) });
  const result = render.data;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Format"
          value={format}
          options={FORMATS}
          onChange={(e) => setFormat(e.target.value as VideoRenderResult['format'])}
        />
        <Button busy={render.isPending} onClick={() => render.mutate()}>
          {render.isPending ? 'Rendering…' : 'Render video'}
        </Button>
      </div>
      {dirty && <p className="text-xs text-slate-600">Renders use the saved scene; save to render your changes.</p>}
      {render.isError && <Alert>{messageOf(render.error)}</Alert>}
      {result && 'url' in result && (
        <Alert tone="success">
          <p className="flex flex-wrap items-center gap-3">
            Rendered {result.width}×{result.height}, {result.durationInFrames} frames at {result.fps} fps.
            <a className={buttonClass('secondary')} href={result.url} download>
              Download {result.format.toUpperCase()}
            </a>
          </p>
        </Alert>
      )}
      {result && !('url' in result) && (
        <Alert tone="info">The render is still running (id {result.id}); it will appear under Renders when it is done.</Alert>
      )}
    </div>
  );
}
