import { CATALOG, type RenderVideoCommand } from '@pressroom/contracts';
import { renderJobHandler, type RenderJobDeps, type RenderedFile } from '@pressroom/render-worker';
import type { Logger } from '@pressroom/telemetry';
import type { VideoRenderer } from '@pressroom/video';

const CONTENT_TYPES = { mp4: 'video/mp4', gif: 'image/gif', png: 'image/png' } as const;

async function renderVideo(renderer: VideoRenderer, command: RenderVideoCommand, logger: Logger): Promise<RenderedFile> {
  if (command.mode === 'preview') {
    const still = await renderer.still({ source: command.template, variables: command.variables, frame: command.frame ?? 0, logger });
    return {
      bytes: still.bytes,
      contentType: CONTENT_TYPES.png,
      width: still.width,
      height: still.height,
      details: { frame: still.frame, format: 'png' },
    };
  }
  const format = command.format === 'gif' ? 'gif' : 'mp4';
  const video = await renderer.render({ source: command.template, variables: command.variables, format, logger });
  // The temporary file: the render worker streams it to storage and deletes it.
  return {
    path: video.path,
    contentType: CONTENT_TYPES[format],
    width: video.width,
    height: video.height,
    details: { durationInFrames: video.durationInFrames, fps: video.fps, format },
  };
}

/** One `render.video` command: a whole video (MP4/GIF) or one preview frame (PNG). Lifecycle from the render worker. */
export function renderVideoHandler(deps: RenderJobDeps & { renderer: VideoRenderer }) {
  return renderJobHandler<RenderVideoCommand>(deps, {
    kind: 'video',
    subject: CATALOG.renderVideo,
    render: (command, log) => renderVideo(deps.renderer, command, log),
    inputs: () => [],
  });
}
