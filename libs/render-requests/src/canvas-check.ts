import { CANVAS_BINDABLE_PROPERTIES, CANVAS_LIMITS, CanvasFont, FABRIC_GROUP_TYPES, FABRIC_OBJECT_TYPES } from '@pressroom/contracts';
import { AUTO_FIT_MODES } from '@pressroom/contracts/constants';
import type { FieldError } from '@pressroom/problem';
import { isPlainObject } from '@pressroom/templating';

const KNOWN_TYPES: ReadonlySet<string> = new Set(FABRIC_OBJECT_TYPES);
const BINDABLE: ReadonlySet<string> = new Set(CANVAS_BINDABLE_PROPERTIES);
const FIT_MODES: ReadonlySet<unknown> = new Set(AUTO_FIT_MODES);
/** Canonical spellings for messages (the registry also takes the lower-case ones). */
const TYPE_NAMES = [...new Set(FABRIC_OBJECT_TYPES.filter((t) => /^[A-Z]/.test(t)))].join(', ');
/** Enough to fix a document; more would only repeat the same mistake. */
const MAX_ERRORS = 20;

/**
 * Every problem of a canvas document that can be found without rendering it:
 * JSON nesting, oversized data: URLs, object types fabric does not know,
 * groups nested too deep, too many objects, malformed `fonts`, `_if`,
 * `variableBindings` and `autoFitMode`. Bounded work (iterative, stops descending past the
 * limits), so a hostile document cannot exhaust the stack or the CPU.
 */
export function checkCanvasDocument(document: Record<string, unknown>, field = 'fabricJSData'): FieldError[] {
  const errors: FieldError[] = [];
  const add = (path: string, message: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ field: path, message });
  };
  checkJson(document, field, add);
  if (errors.length > 0) return errors; // too deep or too large: the structure walk below would only repeat it

  let objects = 0;
  const checkObject = (value: unknown, path: string, groupDepth: number): void => {
    if (errors.length >= MAX_ERRORS) return;
    if (!isPlainObject(value)) return add(path, 'Expected a fabric object: a JSON object with a `type`.');
    objects++;
    if (objects === CANVAS_LIMITS.objects + 1)
      add(path, `The canvas has more than ${CANVAS_LIMITS.objects} objects (groups' children and clip paths count).`);
    if (objects > CANVAS_LIMITS.objects) return;
    const type = value.type;
    if (typeof type !== 'string') return add(`${path}.type`, `Every object needs a \`type\`; fabric 7 knows: ${TYPE_NAMES}.`);
    if (!KNOWN_TYPES.has(type))
      return add(`${path}.type`, `Unknown object type ${JSON.stringify(type.slice(0, 100))}; fabric 7 knows: ${TYPE_NAMES}.`);
    if (value._if !== undefined && typeof value._if !== 'string') add(`${path}._if`, 'Expected an expression string, e.g. "showBadge".');
    checkBindings(value.variableBindings, `${path}.variableBindings`, add);
    // Auto-fit would take an unknown mode as `wrap`; refused instead, so a typo does not silently wrap.
    if (value.autoFitMode !== undefined && !FIT_MODES.has(value.autoFitMode))
      add(
        `${path}.autoFitMode`,
        `Expected ${AUTO_FIT_MODES.map((m) => JSON.stringify(m)).join(' or ')} (how an auto-fit text fits its box).`,
      );
    if ((type === 'Image' || type === 'image') && value.src !== undefined && typeof value.src !== 'string')
      add(`${path}.src`, 'Expected a URL string.');
    if (value.clipPath !== undefined && value.clipPath !== null) checkNested(value.clipPath, `${path}.clipPath`, groupDepth + 1);
    if (FABRIC_GROUP_TYPES.has(type) && value.objects !== undefined) {
      if (!Array.isArray(value.objects)) return add(`${path}.objects`, 'Expected an array of objects.');
      value.objects.forEach((child, i) => checkNested(child, `${path}.objects.${i}`, groupDepth + 1));
    }
  };
  const checkNested = (value: unknown, path: string, groupDepth: number): void => {
    if (groupDepth > CANVAS_LIMITS.groupDepth)
      return add(path, `Groups and clip paths nest more than ${CANVAS_LIMITS.groupDepth} levels deep.`);
    checkObject(value, path, groupDepth);
  };

  if (document.objects !== undefined) {
    if (!Array.isArray(document.objects)) add(`${field}.objects`, 'Expected an array of objects.');
    else document.objects.forEach((object, i) => checkObject(object, `${field}.objects.${i}`, 0));
  }
  for (const key of ['backgroundImage', 'overlayImage', 'clipPath']) {
    if (document[key] !== undefined && document[key] !== null) checkObject(document[key], `${field}.${key}`, 0);
  }
  checkFonts(document.fonts, `${field}.fonts`, add);
  for (const key of ['width', 'height']) {
    const size = document[key];
    if (size !== undefined && !(typeof size === 'number' && Number.isInteger(size) && size >= 1 && size <= 4000))
      add(`${field}.${key}`, 'Must be a whole number of px from 1 to 4000.');
  }
  return errors;
}

/** JSON nesting and data: URL sizes, anywhere in the document (iterative: depth is what is being checked). */
function checkJson(document: unknown, field: string, add: (path: string, message: string) => void): void {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: document, path: field, depth: 1 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.length > CANVAS_LIMITS.dataUrlChars && value.startsWith('data:')) {
        add(
          path,
          `This data: URL is ${value.length} characters; at most ${CANVAS_LIMITS.dataUrlChars} (about ${Math.floor((CANVAS_LIMITS.dataUrlChars * 3) / 4 / 1024 / 1024)} MiB of image) are accepted. Serve large images from a URL.`,
        );
      }
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth > CANVAS_LIMITS.jsonDepth) {
      add(path, `The canvas JSON nests more than ${CANVAS_LIMITS.jsonDepth} levels deep.`);
      return;
    }
    const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value);
    for (const [key, item] of entries) {
      if (item !== null && (typeof item === 'object' || typeof item === 'string'))
        stack.push({ value: item, path: `${path}.${key}`, depth: depth + 1 });
    }
  }
}

function checkBindings(bindings: unknown, path: string, add: (path: string, message: string) => void): void {
  if (bindings === undefined) return;
  if (!isPlainObject(bindings))
    return add(path, `Expected an object mapping a property (${CANVAS_BINDABLE_PROPERTIES.join(', ')}) to a variable name or expression.`);
  for (const [property, source] of Object.entries(bindings)) {
    if (!BINDABLE.has(property)) add(`${path}.${property}`, `Only ${CANVAS_BINDABLE_PROPERTIES.join(', ')} can be bound to variables.`);
    else if (typeof source !== 'string' || source.trim() === '' || source.length > 10_000)
      add(`${path}.${property}`, 'Expected a variable name or expression, e.g. "title" or "{{ upper(title) }}".');
  }
}

function checkFonts(fonts: unknown, path: string, add: (path: string, message: string) => void): void {
  if (fonts === undefined) return;
  if (!Array.isArray(fonts)) return add(path, 'Expected an array of {family, url, weight?, style?}.');
  if (fonts.length > CANVAS_LIMITS.fonts) return add(path, `At most ${CANVAS_LIMITS.fonts} fonts.`);
  fonts.forEach((font, i) => {
    const parsed = CanvasFont.safeParse(font);
    if (!parsed.success) for (const issue of parsed.error.issues) add([`${path}.${i}`, ...issue.path.map(String)].join('.'), issue.message);
  });
}
