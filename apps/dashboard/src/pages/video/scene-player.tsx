import type { VideoSceneModule } from '@pressroom/contracts';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../kit/alert';
import { isPlayerReport, type PlayerHello, type SceneToPlay } from '../../video-player/player-messages';

/**
 * The saved scene playing in @remotion/player inside a sandboxed frame (`sandbox="allow-scripts"`, no
 * allow-same-origin): the scene is the template author's code, so it runs in an opaque origin that holds none
 * of the dashboard's cookies and cannot call the API (docs/adr/0045). A scene that throws is reported here.
 */
export function ScenePlayer({ scene }: { scene: VideoSceneModule }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || !isPlayerReport(event.data)) return;
      // Pressed in the frame: the page's save shortcut (kit/use-save-shortcut.ts) hears it as pressed on the frame.
      if (event.data.type === 'player-save-shortcut') {
        const keys = { key: 's', code: 'KeyS', ctrlKey: true, repeat: event.data.repeat, bubbles: true, cancelable: true };
        frame.current?.dispatchEvent(new KeyboardEvent('keydown', keys));
      } else if (event.data.type === 'player-ready') setReady(true);
      else if (event.data.type === 'player-playing') setFailure(null);
      else setFailure(event.data.message);
    };
    window.addEventListener('message', onMessage);
    // The frame may have said it was ready before this listener existed: ask (docs in player-messages.ts).
    const hello: PlayerHello = { type: 'player-hello' };
    frame.current?.contentWindow?.postMessage(hello, '*');
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (!ready) return;
    const message: SceneToPlay = {
      type: 'scene',
      code: scene.code,
      width: scene.width,
      height: scene.height,
      fps: scene.fps,
      durationInFrames: scene.durationInFrames,
      props: scene.defaultProps,
    };
    // The frame's origin is opaque ("null"), so it cannot be named as the target.
    frame.current?.contentWindow?.postMessage(message, '*');
  }, [ready, scene]);

  return (
    <div className="flex flex-col gap-2">
      <iframe
        ref={frame}
        title="Scene preview"
        src="/app/video-player.html"
        sandbox="allow-scripts"
        className="w-full rounded-md border border-slate-300 bg-slate-900"
        style={{ aspectRatio: `${scene.width} / ${scene.height}` }}
      />
      <p className="text-xs text-slate-600">
        {scene.width}×{scene.height}, {scene.fps} fps, {Math.round((scene.durationInFrames / scene.fps) * 100) / 100} s, with the default
        props.
      </p>
      {failure && <Alert>The scene failed in the preview: {failure}</Alert>}
    </div>
  );
}
