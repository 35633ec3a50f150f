/**
 * SVG uploads are refused, not rewritten, when they could run code or reach
 * the network: a refusal names the reason, and a rewriter that misses one
 * trick would serve a live script from our origin. References are
 * default-deny: only same-document (`#id`) and inline raster `data:` images pass.
 */
export interface SvgFinding {
  rule: string;
  message: string;
}

const SAFE_REFERENCE = /^\s*(#|data:image\/(png|jpeg|webp|gif);)/i;

const RULES: { rule: string; pattern: RegExp; message: string }[] = [
  { rule: 'script', pattern: /<\s*script\b/i, message: 'contains a <script> element' },
  { rule: 'event-handler', pattern: /[\s"'/]on[a-z]+\s*=/i, message: 'contains an event handler attribute (on...=)' },
  { rule: 'doctype', pattern: /<!\s*(DOCTYPE|ENTITY)/i, message: 'contains a DOCTYPE or ENTITY declaration' },
  {
    rule: 'embedded-html',
    pattern: /<\s*(foreignObject|iframe|embed|object|audio|video|handler|listener)\b/i,
    message: 'embeds HTML or active content',
  },
  { rule: 'javascript-url', pattern: /javascript\s*:/i, message: 'contains a javascript: URL' },
  { rule: 'css-import', pattern: /@import/i, message: 'contains a CSS @import' },
  { rule: 'xml-base', pattern: /xml:base/i, message: 'sets xml:base' },
  { rule: 'animated-reference', pattern: /attributeName\s*=\s*["']?\s*(xlink:)?href/i, message: 'animates a link target' },
  { rule: 'processing-instruction', pattern: /<\?xml-stylesheet/i, message: 'contains an xml-stylesheet instruction' },
];

// Only the first characters of a reference decide (SAFE_REFERENCE is a prefix test), so the patterns read a
// bounded prefix and never need the closing quote or parenthesis: linear time even on hostile input.
const ATTRIBUTE_REFERENCE = /\b(?:xlink:)?(?:href|src)\s*=\s*["']?([^"'>]{0,64})/gi;
const CSS_REFERENCE = /url\(\s*['"]?([^)'"]{0,64})/gi;

function referenceFindings(svg: string): SvgFinding[] {
  const findings: SvgFinding[] = [];
  for (const pattern of [ATTRIBUTE_REFERENCE, CSS_REFERENCE]) {
    for (const match of svg.matchAll(pattern)) {
      const value = match[1] ?? '';
      if (!SAFE_REFERENCE.test(value))
        findings.push({ rule: 'external-reference', message: `references ${JSON.stringify(value.trim())} outside the file` });
      if (findings.length >= 20) return findings;
    }
  }
  return findings;
}

/** Every reason to refuse this SVG; empty when it is safe to store and serve. */
export function checkSvg(bytes: Buffer): SvgFinding[] {
  const svg = bytes.toString('utf8');
  const findings: SvgFinding[] = [];
  for (const rule of RULES) if (rule.pattern.test(svg)) findings.push({ rule: rule.rule, message: rule.message });
  return [...findings, ...referenceFindings(svg)];
}
