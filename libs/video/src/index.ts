export {
  checkCodeTemplate,
  VIDEO_LIMITS,
  type CodeTemplateCheck,
  type CodeTemplateMeta,
  type CodeTemplateSize,
  type CompileError,
} from './code-template.js';
export {
  bindTimelineVariables,
  checkTimelineProject,
  TimelineProject,
  TimelineClip,
  type ResolvedTimeline,
  type TimelineCheck,
} from './timeline-project.js';
export { DEFAULT_MEDIA_MAX_BYTES } from './media-sources.js';
export { ALLOWED_MODULES } from './allowed-modules.js';
export { renderBundle, DEFAULT_BUNDLE_CACHE } from './render-bundle.js';
export {
  createVideoRenderer,
  gifSettings,
  GIF_RULES,
  VideoRenderAbortedError,
  type VideoRenderer,
  type VideoRendererOptions,
  type RenderVideoInput,
  type RenderStillInput,
  type RenderedVideo,
  type RenderedStill,
  type VideoFormat,
  type TimelineFont,
} from './renderer.js';
export { parseSubtitles, sniffSubtitleFormat, type SubtitleCue, type SubtitleError, type SubtitleFormat } from './subtitles.js';
export { cuesFromWords, resolveCaptions, spreadWords, transcriptionsOf, type CaptionResolvers, type TimedCue } from './captions.js';
