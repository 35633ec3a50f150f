export {
  checkCodeTemplate,
  VIDEO_LIMITS,
  type CodeTemplateCheck,
  type CodeTemplateMeta,
  type CodeTemplateSize,
  type CompileError,
} from './code-template.js';
export { checkTimelineProject, TimelineProject, TimelineClip, type TimelineCheck } from './timeline-project.js';
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
} from './renderer.js';
