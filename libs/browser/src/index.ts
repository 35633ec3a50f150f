export { BrowserPool } from './browser-pool.js';
export type { BrowserPoolOptions, BrowserPoolHealth, BrowserPoolStatus, PoolJob } from './browser-pool.js';
export { poolOptionsFromEnv, type BrowserEnv } from './pool-options-from-env.js';
export { captureImage } from './capture-image.js';
export type { CaptureRequest, CaptureSource, CapturedImage, CaptureOptions } from './capture-image.js';
export type { ImageFormat } from './encode-image.js';
export { packPng } from './pack-png.js';
export { recompressPng } from './recompress-png.js';
export type { PngPacking, RecompressPngOptions } from './recompress-png.js';
export { DRAWN_REPEAT_SHARE, repeatShare } from './repeat-share.js';
export { guardPage } from './guard-page.js';
export type { PageGuard } from './guard-page.js';
export {
  BlockedUrlError,
  BrowserUnavailableError,
  NavigationError,
  PoolClosedError,
  QueueFullError,
  RenderCrashedError,
  RenderError,
  RenderTimeoutError,
  SelectorNotFoundError,
} from './errors.js';
export { BASE_FLAGS } from './launch-browser.js';
export { startEgressProxy } from './egress-proxy.js';
export type { EgressProxy } from './egress-proxy.js';
export { isScriptFree } from './script-free.js';
export { captureCanvas } from './canvas/capture-canvas.js';
export type { CanvasCaptureRequest, CanvasCaptureOptions, CanvasDrawing, CanvasFont } from './canvas/capture-canvas.js';
export { printCanvasPdf } from './canvas/print-canvas-pdf.js';
export type { CanvasPdfOptions } from './canvas/print-canvas-pdf.js';
export { CanvasRenderError } from './canvas/canvas-errors.js';
export { FABRIC_BUNDLE_PATH } from './canvas/fabric-bundle.js';
export { captureAnimation } from './animation/capture-animation.js';
export type { AnimationCaptureRequest, AnimationCaptureOptions, AnimationCaptureResult } from './animation/capture-animation.js';
export { recordPage } from './animation/record-page.js';
export type { RecordingRequest, RecordingOptions, RecordingResult } from './animation/record-page.js';
export type { AnimationFrame, FrameHandler } from './animation/frame-sink.js';
export { planFrames, frameTimeMs } from './animation/frame-plan.js';
export type { FramePlan } from './animation/frame-plan.js';
export type { AnimationTimeline } from './animation/animation-scripts.js';
export { printPdf } from './print-pdf.js';
export type { PdfPrintRequest, PdfPrintOptions, PdfMargins } from './print-pdf.js';
/** Launch flag for GIF pools: compositor animations follow the main thread's paused clock (see animation/capture-animation.ts). */
export const ANIMATION_CAPTURE_FLAGS = ['--disable-threaded-animation'];
