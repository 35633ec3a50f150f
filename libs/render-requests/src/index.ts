export { checkCanvasDocument } from './canvas-check.js';
export { CanvasTemplating } from './canvas-templating.js';
export { gifCommand, type GifRenderPlan } from './gif-command.js';
export { GIF_REFUSAL_REMEDY, canvasGifRefusal, gifRefusalOf, type GifRefusal } from './gif-output.js';
export { templatePage, type TemplatePageSource } from './html-page.js';
export { imageCommand, type ImageRenderPlan } from './image-command.js';
export type { CommandEnvelope } from './command-envelope.js';
export {
  DEFAULT_LAYOUT,
  LAYOUT_NOT_FOUND,
  layoutKeys,
  planEachLayout,
  resolveLayout,
  type LayoutFailure,
  type ResolvedLayout,
} from './layouts.js';
export { INLINE_HTML_LIMIT, offloadCanvas, offloadPage, type PageSource } from './offload.js';
export { fileUrl, renderOutput } from './output.js';
export { pdfCommand, pdfRowSize, type PdfRenderPlan } from './pdf-command.js';
export { MAX_CANVAS_PDF_PAGES, templateDocuments, type CanvasPageInput, type PdfDocumentInput } from './pdf-documents.js';
export type { PdfPrintSettings } from './pdf-print-settings.js';
export { planPdfPrint, type PdfPrintRequest } from './pdf-print-plan.js';
export { canvasSizeOf, prepareCanvas, type CanvasRenderSource, type PrepareCanvasInput } from './prepare-canvas.js';
export { planTemplateItem, type TemplateItemPlan } from './template-item.js';
export { canvasFieldOf, templateImageSource, type TemplateImageSource } from './template-source.js';
export { ownerAssetLoader, withOwnerAssets } from './owner-assets.js';
export type { FontListCache, OwnerAssetDeps } from './owner-fonts.js';
