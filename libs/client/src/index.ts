export {
  Pressroom,
  type Api,
  type BodyOf,
  type CallInput,
  type OperationId,
  type PressroomOptions,
  type RenderOptions,
  type RenderOutcome,
  type ResultOf,
  type WaitOptions,
} from './client.js';
export type {
  GifRenderResult,
  ImageRenderResult,
  PdfDetails,
  PdfRenderResult,
  RenderedFile,
  TemplateLayoutError,
  TemplateLayoutResult,
  TemplateRenderResult,
} from './render-results.js';
export {
  PressroomApiError,
  PressroomError,
  PressroomNetworkError,
  PressroomRenderError,
  PressroomTimeoutError,
  type FieldError,
  type ProblemDetails,
} from './errors.js';
export { verifyWebhook } from './webhooks.js';
export type { RequestOptions } from './transport.js';
export type { components, operations, paths } from './generated/openapi.js';
