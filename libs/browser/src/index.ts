export { BrowserPool } from './browser-pool.js';
export type { BrowserPoolOptions, BrowserPoolHealth, BrowserPoolStatus, PoolJob } from './browser-pool.js';
export { captureImage } from './capture-image.js';
export type { CaptureRequest, CaptureSource, CapturedImage, CaptureOptions } from './capture-image.js';
export type { ImageFormat } from './encode-image.js';
export { guardPage } from './guard-page.js';
export type { PageGuard } from './guard-page.js';
export { BlockedUrlError, NavigationError, PoolClosedError, QueueFullError, RenderCrashedError, RenderError, RenderTimeoutError, SelectorNotFoundError } from './errors.js';
export { BASE_FLAGS } from './launch-browser.js';
