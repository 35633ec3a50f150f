import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../../api/problem';
import { renderFileUrl } from '../../../api/renders';
import { getVideoRender, startVideoRender, type VideoFormat } from '../../../api/video';
import { Alert } from '../../../kit/alert';
import { Button } from '../../../kit/button';
import { LiveMessage } from '../../../kit/live-message';
import { SelectField } from '../../../kit/select-field';

const POLL_MS = 2_000;

type State =
  | { step: 'idle' }
  | { step: 'rendering'; id: string | null }
  | { step: 'done'; id: string; url: string; format: VideoFormat }
  | { step: 'failed'; error: unknown };

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

/** Why a finished render failed, from the render's stored problem. */
function failure(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object')
    return String((error as { detail?: string }).detail ?? (error as { title?: string }).title ?? 'The render failed.');
  return 'The render failed.';
}

/**
 * Render and download: saves first when the studio has unsaved changes (`beforeRender`; the button then says "Save and
 * render video", as the template editors' render buttons do, and nothing renders if the save is refused), POSTs the
 * render endpoint, and when the API answers 202 (the render outlived its wait) polls `GET /video/renders/{id}` until
 * the file is there.
 */
export function RenderPanel({
  uid,
  variables,
  unsaved,
  beforeRender,
  onError,
}: {
  uid: string;
  variables: Record<string, unknown>;
  unsaved: boolean;
  beforeRender: () => Promise<boolean>;
  onError: (error: unknown) => void;
}) {
  const [format, setFormat] = useState<VideoFormat>('mp4');
  const [state, setState] = useState<State>({ step: 'idle' });
  const [saving, setSaving] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const render = async () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setSaving(true);
    const saved = await beforeRender().finally(() => setSaving(false));
    if (!saved) return;
    setState({ step: 'rendering', id: null });
    try {
      const started = await startVideoRender(uid, { format, variables });
      let url = started.url;
      setState({ step: 'rendering', id: started.id });
      while (!url) {
        await wait(POLL_MS, controller.signal);
        if (controller.signal.aborted) return;
        const render = await getVideoRender(started.id);
        if (render.status === 'failed') throw new Error(failure(render.error));
        url = render.status === 'done' ? render.url : null;
      }
      setState({ step: 'done', id: started.id, url, format });
    } catch (error) {
      if (controller.signal.aborted) return;
      onError(error);
      setState({ step: 'failed', error });
    }
  };

  return (
    <section aria-label="Render" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <h2 className="text-lg font-semibold">Render</h2>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          label="Format"
          value={format}
          onChange={(e) => setFormat(e.target.value as VideoFormat)}
          options={[
            ['mp4', 'MP4 (H.264)'],
            ['webm', 'WebM (VP9)'],
            ['gif', 'GIF'],
          ]}
        />
        <Button busy={saving || state.step === 'rendering'} onClick={() => void render()}>
          {unsaved ? 'Save and render video' : 'Render video'}
        </Button>
      </div>
      <LiveMessage>
        {state.step === 'rendering' && `Rendering${state.id ? ` (${state.id})` : ''}… this takes a while.`}
        {state.step === 'done' && `Rendered ${state.id}.`}
      </LiveMessage>
      {state.step === 'failed' && <Alert>{messageOf(state.error)}</Alert>}
      {state.step === 'done' && (
        <div className="flex flex-col gap-2">
          {state.format === 'gif' ? (
            <img src={state.url} alt={`Rendered video ${state.id}`} className="max-h-80 self-start" />
          ) : (
            <video src={state.url} controls aria-label={`Rendered video ${state.id}`} className="max-h-80 self-start" />
          )}
          <a className="self-start text-indigo-700 underline" href={renderFileUrl(state.id)} download>
            Download {state.format.toUpperCase()}
          </a>
        </div>
      )}
    </section>
  );
}
