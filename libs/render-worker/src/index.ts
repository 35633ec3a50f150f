export { renderJobHandler, type RenderJobDeps, type RenderJobSpec, type RenderCommandBase, type RenderedFile } from './render-job.js';
export { inputProblemOf, internalProblem } from './render-problem.js';
export { readSource, readStoredCanvas, spilledKeys } from './read-source.js';
