import './memory-storage';
import { Player, type ErrorFallback } from '@remotion/player';
import { loadScene } from '@pressroom/video/scene-module';
import { useEffect, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { isSaveShortcut } from '../kit/use-save-shortcut';
import { isPlayerHello, isSceneToPlay, type PlayerReport, type SceneToPlay } from './player-messages';

/**
 * The sandboxed frame that plays a code template's scene with @remotion/player (docs/adr/0045). The scene is
 * the user's own code: it runs here, in an opaque origin without the dashboard's cookies, never in the app.
 * It is evaluated with the same module table as the render bundle (`@pressroom/video/scene-module`).
 */
function report(message: PlayerReport) {
  window.parent.postMessage(message, '*');
}

interface Loaded {
  scene: SceneToPlay;
  component: ComponentType<Record<string, unknown>>;
}

function SceneError({ error }: { error: Error }) {
  useEffect(() => report({ type: 'player-error', message: error.message }), [error]);
  return <p style={{ color: '#fecaca', font: '16px sans-serif', padding: 16 }}>The scene failed: {error.message}</p>;
}

// The player calls its fallback as a plain function, not as a component: the hook lives in SceneError.
const sceneFailed: ErrorFallback = ({ error }) => <SceneError error={error} />;

function PlayerFrame() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent) return;
      if (isPlayerHello(event.data)) return report({ type: 'player-ready' });
      if (!isSceneToPlay(event.data)) return;
      try {
        setLoaded({ scene: event.data, component: loadScene(event.data.code) });
        // Before the first frame: a scene that throws while drawing reports its error after this.
        report({ type: 'player-playing' });
      } catch (error) {
        setLoaded(null);
        report({ type: 'player-error', message: error instanceof Error ? error.message : String(error) });
      }
    };
    window.addEventListener('message', onMessage);
    report({ type: 'player-ready' });
    return () => window.removeEventListener('message', onMessage);
  }, []);
  if (!loaded) return null;
  const { scene, component } = loaded;
  return (
    <Player
      key={scene.code}
      component={component}
      inputProps={scene.props}
      durationInFrames={scene.durationInFrames}
      compositionWidth={scene.width}
      compositionHeight={scene.height}
      fps={scene.fps}
      // The middle frame, the one a render's poster draws: a scene that fades in from its first frame (the starter's
      // title does) would open on an empty-looking frame.
      initialFrame={Math.floor(Math.max(0, scene.durationInFrames - 1) / 2)}
      controls
      loop
      errorFallback={sceneFailed}
      acknowledgeRemotionLicense
      // With this on (Remotion's default), the player focuses its Play button when it mounts and whenever playback
      // starts or stops: each compile (a new scene mounts the player) took focus out of the code editor into this
      // frame, so the person's next keys went to the preview. The button still plays and pauses with Space once the
      // person has focused it (as the studio's player).
      spaceKeyToPlayOrPause={false}
      style={{ width: '100%', height: '100%' }}
    />
  );
}

// A person who clicked the player's controls has focus in this frame: Ctrl+S (Cmd+S) here is still the editor's
// Save, never the browser's "Save page as".
window.addEventListener(
  'keydown',
  (event) => {
    if (!isSaveShortcut(event)) return;
    event.preventDefault();
    report({ type: 'player-save-shortcut', repeat: event.repeat });
  },
  { capture: true },
);

createRoot(document.getElementById('player')!).render(<PlayerFrame />);
