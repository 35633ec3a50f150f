export {
  EXPIRES_PARAM,
  SECRET_ID_PARAM,
  SIGNATURE_PARAM,
  canonicalQuery,
  signRenderUrl,
  signatureOf,
  verifyRenderUrl,
  type QueryPairs,
  type SignOptions,
  type VerifyResult,
} from './url-signature.js';
export { renderUrlOf, signedRenderUrlOf, type RenderUrlParts } from './render-url.js';
