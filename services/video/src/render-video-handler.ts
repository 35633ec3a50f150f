import { rm } from 'node:fs/promises';
import { CATALOG, type RenderVideoCommand } from '@pressroom/contracts';
import { renderJobHandler, type RenderJobDeps, type RenderedFile } from '@pressroom/render-worker';
import { posterKeyOf, type Storage } from '@pressroom/storage';
import type { Logger } from '@pressroom/telemetry';
import type { VideoRenderer } from '@pressroom/video';

const CONTENT_TYPES = { mp4: 'video/mp4', gif: 'image/gif', webm: 'video/webm', png: 'image/png' } as const;

/**
 * The poster frame goes to storage beside the video (`renders/<id>.poster.png`) before the
 * lifecycle stores the video itself, so a finished render always has both.
 */
async function storePoster(storage: Storage, command: RenderVideoCommand, path: string): Promise<string> {
  const key = posterKeyOf(command.output.storageKey);
  try {
    await storage.put(key, { path }, CONTENT_TYPES.png);
  } finally {
    await rm(path, { force: true });
  }
  return (await storage.publicUrl(key)) ?? posterKeyOf(command.output.url);
}

/** The owner's fonts as data: URLs: the scene's page needs no access to storage or the gateway. A deleted font is skipped. */
async function loadFonts(storage: Storage, fonts: NonNullable<RenderVideoCommand['fonts']>) {
  const loaded = await Promise.all(
    fonts.map(async (font) => {
      const object = await storage.get(font.storageKey);
      if (!object) return null;
      return {
        family: font.family,
        weight: font.weight,
        style: font.style,
        url: `data:${font.contentType};base64,${object.bytes.toString('base64')}`,
      };
    }),
  );
  return loaded.filter((font) => font !== null);
}

async function renderVideo(
  deps: { renderer: VideoRenderer; storage: Storage },
  command: RenderVideoCommand,
  logger: Logger,
): Promise<RenderedFile> {
  const { renderer } = deps;
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
  const format = command.format === 'png' ? 'mp4' : command.format;
  const fonts = await loadFonts(deps.storage, command.fonts ?? []);
  const video = await renderer.render({ source: command.template, variables: command.variables, format, fonts, logger });
  let posterUrl: string;
  try {
    posterUrl = await storePoster(deps.storage, command, video.posterPath);
  } catch (error) {
    await rm(video.path, { force: true });
    throw error;
  }
  // The temporary file: the render worker streams it to storage and deletes it.
  return {
    path: video.path,
    contentType: CONTENT_TYPES[format],
    width: video.width,
    height: video.height,
    details: { durationInFrames: video.durationInFrames, fps: video.fps, format, posterUrl, posterFrame: video.posterFrame },
  };
}

/** One `render.video` command: a whole video (MP4/GIF) or one preview frame (PNG). Lifecycle from the render worker. */
export function renderVideoHandler(deps: RenderJobDeps & { renderer: VideoRenderer }) {
  return renderJobHandler<RenderVideoCommand>(deps, {
    kind: 'video',
    subject: CATALOG.renderVideo,
    render: (command, log) => renderVideo(deps, command, log),
    inputs: () => [],
  });
}
