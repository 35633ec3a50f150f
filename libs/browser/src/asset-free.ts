/**
 * Whether a script-free HTML document is, once its load event has fired, fully
 * loaded: nothing in it can still be fetching or decoding. Then the wait for
 * fonts and images (an evaluation in the page, ~1 ms of Chromium's CPU and a
 * round trip per render; issue 18) can be skipped. With JavaScript on, script
 * can add anything later, so this only answers for documents run without it.
 *
 * Conservative: any construct that may fetch a font, an image or a stylesheet
 * counts, as does anything that could spell one in disguise (character
 * references decode in attributes, CSS escapes in style sheets).
 */
const MAY_LOAD = [
  /<\s*(img|image|picture|source|svg|video|audio|track|input|link|iframe|frame|object|embed|use|feimage)\b/i,
  /url\s*\(|image(-set)?\s*\(|@import|@font-face|cross-fade\s*\(/i,
  /&#|&lpar;|&rpar;|\\/i,
];

export function isAssetFree(html: string): boolean {
  return !MAY_LOAD.some((pattern) => pattern.test(html));
}
