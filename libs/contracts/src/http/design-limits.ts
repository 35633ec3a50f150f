// The one place the size of a canvas design is bounded (docs/limits.md#design-limits). Nothing is
// imported: the dashboard's editor imports it too (through @pressroom/contracts/constants), to refuse a design before sending it.

/** Bounds on one FabricJS design (a template's, a layout's, a page's, or a one-off canvas render's). */
export const DESIGN_LIMITS = {
  /** UTF-8 bytes of the design's JSON: the gateway's default body limit, so one design always fits in a request. */
  bytes: 5 * 1024 * 1024,
  /** Objects in the whole design, children of groups and clip paths included. */
  objects: 5_000,
} as const;

export interface DesignViolation {
  /** Dotted path below the design (`''` for the design itself). */
  path: string;
  message: string;
}

/** UTF-8 length of a string without encoding it (the browser has no Buffer.byteLength). */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4; // a surrogate pair is one 4-byte code point
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * Objects of a design: each entry of an `objects` array anywhere in it, and each `clipPath`.
 * Iterative and stops once past `stopAfter`, so a hostile design costs bounded work.
 */
export function countDesignObjects(design: unknown, stopAfter: number = DESIGN_LIMITS.objects): number {
  let count = 0;
  const stack: unknown[] = [design];
  while (stack.length > 0 && count <= stopAfter) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === 'objects' && Array.isArray(child)) count += child.length;
      else if (key === 'clipPath' && child !== null && typeof child === 'object') count += 1;
      if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
  return count;
}

/** What makes a design too large, with the limit in each message; empty when it fits. */
export function designLimitViolations(design: unknown): DesignViolation[] {
  const violations: DesignViolation[] = [];
  const bytes = utf8Bytes(JSON.stringify(design) ?? '');
  if (bytes > DESIGN_LIMITS.bytes) {
    violations.push({
      path: '',
      message: `The design is ${formatBytes(bytes)} of JSON; at most ${formatBytes(DESIGN_LIMITS.bytes)} (${DESIGN_LIMITS.bytes} bytes) are accepted. Serve images from URLs (the asset library) instead of embedding them.`,
    });
  }
  const objects = countDesignObjects(design);
  if (objects > DESIGN_LIMITS.objects) {
    violations.push({
      path: 'objects',
      message: `The design has more than ${DESIGN_LIMITS.objects} objects (children of groups and clip paths count); at most ${DESIGN_LIMITS.objects} are accepted.`,
    });
  }
  return violations;
}
