export {
  renderJobHandler,
  eventSource,
  type RenderJobDeps,
  type RenderJobSpec,
  type RenderCommandBase,
  type RenderedFile,
  type RenderKind,
} from './render-job.js';
export { inputProblemOf, unfinishedProblem } from './render-problem.js';
export { readSource, readStoredCanvas, spilledKeys } from './read-source.js';
export {
  browserHealth,
  closingWith,
  consumeRenders,
  type ConsumeRendersOptions,
  type RendererService,
  type RendererStopOptions,
} from './consume-renders.js';
