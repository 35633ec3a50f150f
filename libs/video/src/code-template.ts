import { parse, type Expression, type Node, type Program } from 'acorn';
import { build, type Message, type Plugin } from 'esbuild';
import { disallowedImportMessage, isAllowedModule } from './allowed-modules.js';
import { metaKeyPlaces } from './meta-key-places.js';

export interface CodeTemplateMeta {
  width: number;
  height: number;
  fps: number;
  durationInFrames: number;
  defaultProps: Record<string, unknown>;
}

export interface CompileError {
  line: number | null;
  column: number | null;
  message: string;
}

export type CodeTemplateCheck = { ok: true; meta: CodeTemplateMeta; code: string } | { ok: false; errors: CompileError[] };

/** Size and length bounds of a scene (H.264 needs even sizes). */
export const VIDEO_LIMITS = { maxSide: 3840, maxFps: 60, maxSeconds: 600 } as const;

/** Every import, require() and literal import() goes through here: allowed ones stay external, the rest fail the build. */
const importAllowList: Plugin = {
  name: 'pressroom-import-allow-list',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (isAllowedModule(args.path)) return { path: args.path, external: true };
      return { errors: [{ text: disallowedImportMessage(args.path) }] };
    });
  },
};

function errorOf(message: Message): CompileError {
  return { line: message.location?.line ?? null, column: message.location ? message.location.column + 1 : null, message: message.text };
}

/** A plain literal (numbers, strings, booleans, null, arrays, objects, negative numbers), or undefined when it is anything else. */
function literalValue(node: Node | Expression): { ok: true; value: unknown } | { ok: false } {
  switch (node.type) {
    case 'Literal': {
      const value = (node as { value: unknown }).value;
      return value instanceof RegExp || typeof value === 'bigint' ? { ok: false } : { ok: true, value };
    }
    case 'UnaryExpression': {
      const unary = node as { operator: string; argument: Expression };
      const inner = literalValue(unary.argument);
      return unary.operator === '-' && inner.ok && typeof inner.value === 'number' ? { ok: true, value: -inner.value } : { ok: false };
    }
    case 'TemplateLiteral': {
      const template = node as { expressions: unknown[]; quasis: Array<{ value: { cooked: string } }> };
      return template.expressions.length === 0 ? { ok: true, value: template.quasis[0]!.value.cooked } : { ok: false };
    }
    case 'ArrayExpression': {
      const values: unknown[] = [];
      for (const element of (node as { elements: Array<Expression | null> }).elements) {
        const inner = element ? literalValue(element) : { ok: false as const };
        if (!inner.ok) return { ok: false };
        values.push(inner.value);
      }
      return { ok: true, value: values };
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const property of (node as { properties: Node[] }).properties) {
        const p = property as {
          type: string;
          computed?: boolean;
          key?: { type: string; name?: string; value?: unknown };
          value?: Expression;
          kind?: string;
        };
        if (p.type !== 'Property' || p.computed || p.kind !== 'init' || !p.key || !p.value) return { ok: false };
        const key =
          p.key.type === 'Identifier'
            ? p.key.name
            : typeof p.key.value === 'string' || typeof p.key.value === 'number'
              ? String(p.key.value)
              : undefined;
        if (key === undefined) return { ok: false };
        const inner = literalValue(p.value);
        if (!inner.ok) return { ok: false };
        Object.defineProperty(out, key, { value: inner.value, enumerable: true, writable: true, configurable: true });
      }
      return { ok: true, value: out };
    }
    default:
      return { ok: false };
  }
}

/**
 * `meta` and `export default` in the scene's bundled ES module form (read, never run). esbuild
 * writes `var meta = {...}; ... export { meta, Scene as default }`, so exported names are
 * followed back to their top-level declarations.
 */
function readExports(program: Program): { meta: unknown; metaFound: boolean; hasDefault: boolean; schema: Expression | null } {
  const declared = new Map<string, Expression | null>();
  const exported = new Map<string, string>(); // exported name → local name
  let hasDefault = false;
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'VariableDeclaration') {
      for (const declarator of declaration.declarations) {
        if (declarator.id.type !== 'Identifier') continue;
        declared.set(declarator.id.name, declarator.init ?? null);
        if (statement.type === 'ExportNamedDeclaration') exported.set(declarator.id.name, declarator.id.name);
      }
    }
    if (statement.type === 'ExportDefaultDeclaration') hasDefault = true;
    if (statement.type === 'ExportNamedDeclaration') {
      for (const specifier of statement.specifiers) {
        const name = specifier.exported.type === 'Identifier' ? specifier.exported.name : String(specifier.exported.value);
        const local = specifier.local.type === 'Identifier' ? specifier.local.name : String(specifier.local.value);
        exported.set(name, local);
      }
    }
  }
  if (exported.has('default')) hasDefault = true;
  const schemaLocal = exported.get('schema');
  const schema = (schemaLocal !== undefined ? declared.get(schemaLocal) : null) ?? null;
  const metaLocal = exported.get('meta');
  if (metaLocal === undefined || !declared.has(metaLocal)) return { meta: undefined, metaFound: false, hasDefault, schema };
  const init = declared.get(metaLocal);
  const value = init ? literalValue(init) : { ok: false as const };
  return { meta: value.ok ? value.value : undefined, metaFound: true, hasDefault, schema };
}

/** The value a field of a given zod base type starts from when its schema gives no `.default()`. */
const EMPTY_OF_TYPE: Record<string, unknown> = { string: '', number: 0, boolean: false };

/**
 * The props a scene's exported zod `schema` gives by default, read from the
 * source (never run): `z.object({ title: z.string().default('Hi'), n: z.number() })`
 * gives `{ title: 'Hi', n: 0 }`. Fields of other types without a literal
 * default are left to the scene.
 */
export function schemaDefaults(schema: Expression | null): Record<string, unknown> {
  if (schema?.type !== 'CallExpression') return {};
  const callee = schema.callee;
  const shape = schema.arguments[0];
  if (callee.type !== 'MemberExpression' || propertyName(callee) !== 'object' || shape?.type !== 'ObjectExpression') return {};
  const defaults: Record<string, unknown> = {};
  for (const property of shape.properties) {
    if (property.type !== 'Property' || property.computed) continue;
    const name =
      property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : null;
    if (name === null) continue;
    let explicit: { ok: true; value: unknown } | { ok: false } = { ok: false };
    let base: string | null = null;
    // Walk the chain `z.string().min(1).default('x')` from the outside in.
    let node: Node = property.value;
    while (node.type === 'CallExpression') {
      const call = node as Extract<Expression, { type: 'CallExpression' }>;
      if (call.callee.type !== 'MemberExpression') break;
      const method = propertyName(call.callee);
      if (method === 'default' && call.arguments[0] && call.arguments[0].type !== 'SpreadElement' && !explicit.ok)
        explicit = literalValue(call.arguments[0]);
      base = method;
      node = call.callee.object;
    }
    if (explicit.ok) defaults[name] = explicit.value;
    else if (base !== null && base in EMPTY_OF_TYPE) defaults[name] = EMPTY_OF_TYPE[base];
  }
  return defaults;
}

function propertyName(member: Extract<Expression, { type: 'MemberExpression' }>): string | null {
  if (!member.computed && member.property.type === 'Identifier') return member.property.name;
  return member.property.type === 'Literal' && typeof member.property.value === 'string' ? member.property.value : null;
}

/**
 * `import(x)` and `require(x)` whose argument is not a string literal cannot be checked against
 * the allow-list at build time, so they are refused (in the scene's Chromium page they would meet
 * the runtime's module table anyway). esbuild's ES module output calls `require` `__require`.
 */
function dynamicImportErrors(program: Program): CompileError[] {
  const errors = new Set<string>();
  const isRequire = (node: unknown) => {
    const n = node as { type?: string; name?: string };
    return n?.type === 'Identifier' && (n.name === 'require' || n.name === '__require');
  };
  const isString = (node: unknown) =>
    (node as { type?: string; value?: unknown })?.type === 'Literal' && typeof (node as { value?: unknown }).value === 'string';
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const n = node as Record<string, unknown> & { type?: string; computed?: boolean };
    if (typeof n.type !== 'string') return;
    // esbuild's own `var __require = ...` helper mentions `require` by design.
    if (n.type === 'VariableDeclarator' && (n.id as { name?: string })?.name === '__require') return;
    if (n.type === 'ImportExpression' && !isString(n.source))
      errors.add('import() needs a string literal naming an allowed module (a computed module name cannot be checked).');
    if (n.type === 'CallExpression' && isRequire(n.callee)) {
      const args = n.arguments as unknown[];
      if (args.length !== 1 || !isString(args[0]))
        errors.add('require() needs a string literal naming an allowed module (a computed module name cannot be checked).');
      visit(args);
      return;
    }
    if (isRequire(n)) errors.add('require may only be called directly, with a string literal naming an allowed module.');
    for (const [key, value] of Object.entries(n)) {
      if (key === 'type' || key === 'start' || key === 'end') continue;
      // Names that are not references: `obj.require`, `{ require: … }`.
      if (
        !n.computed &&
        ((n.type === 'MemberExpression' && key === 'property') ||
          ((n.type === 'Property' || n.type === 'PropertyDefinition' || n.type === 'MethodDefinition') && key === 'key'))
      )
        continue;
      visit(value);
    }
  };
  visit(program.body);
  return [...errors].map((message) => ({ line: null, column: null, message }));
}

/**
 * What is wrong with a scene's meta, each message placed at the key it is about (or at the declaration, for a key
 * left out or a meta that is no object) when `places` knows the source; without (a size given beside the source)
 * the messages have no place.
 */
function metaErrors(
  meta: unknown,
  places: ReturnType<typeof metaKeyPlaces> = null,
): { meta: CodeTemplateMeta | null; errors: CompileError[] } {
  const errors: CompileError[] = [];
  const fail = (message: string, key?: string) => {
    const place = (key === undefined ? undefined : places?.keys.get(key)) ?? places?.declaration;
    errors.push({ line: place?.line ?? null, column: place?.column ?? null, message });
  };
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) {
    fail('`export const meta` must be a plain object literal: { width, height, fps, durationInFrames, defaultProps? }.');
    return { meta: null, errors };
  }
  const m = meta as Record<string, unknown>;
  const int = (name: string, min: number, max: number, even = false) => {
    const value = m[name];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
      fail(`meta.${name} must be an integer from ${min} to ${max}.`, name);
    else if (even && value % 2 !== 0) fail(`meta.${name} must be even (H.264 video needs even sizes).`, name);
  };
  int('width', 2, VIDEO_LIMITS.maxSide, true);
  int('height', 2, VIDEO_LIMITS.maxSide, true);
  int('fps', 1, VIDEO_LIMITS.maxFps);
  const fps = typeof m.fps === 'number' && m.fps > 0 ? m.fps : VIDEO_LIMITS.maxFps;
  int('durationInFrames', 1, Math.round(fps * VIDEO_LIMITS.maxSeconds));
  const defaultProps = m.defaultProps ?? {};
  if (typeof defaultProps !== 'object' || defaultProps === null || Array.isArray(defaultProps))
    fail('meta.defaultProps must be an object.', 'defaultProps');
  if (errors.length > 0) return { meta: null, errors };
  return {
    meta: {
      width: m.width as number,
      height: m.height as number,
      fps: m.fps as number,
      durationInFrames: m.durationInFrames as number,
      defaultProps: defaultProps as Record<string, unknown>,
    },
    errors,
  };
}

/**
 * Build a code template with esbuild: TSX → one CommonJS module whose imports are limited to the
 * allow-list (static imports, require() and literal import() alike; `verbatimModuleSyntax`, so an
 * unused import is still checked). Its `meta` is read from the ES module form as a literal, never
 * by running the scene. Returns the module code the render bundle evaluates in Chromium.
 * This is a build check, not a sandbox: the scene runs in Chromium behind the egress proxy.
 */
/** Size, frame rate and length given beside the source (as the hosted service's SDK sends them). */
export type CodeTemplateSize = Omit<CodeTemplateMeta, 'defaultProps'>;

export async function checkCodeTemplate(tsx: string, given: { size?: CodeTemplateSize | undefined } = {}): Promise<CodeTemplateCheck> {
  const options = {
    stdin: { contents: tsx, loader: 'tsx' as const, sourcefile: 'scene.tsx' },
    bundle: true,
    write: false,
    platform: 'neutral' as const,
    jsx: 'automatic' as const,
    target: 'es2022',
    logLevel: 'silent' as const,
    plugins: [importAllowList],
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true, jsx: 'react-jsx' as const } },
  };
  let esm: string;
  let cjs: string;
  try {
    // In the CommonJS form every import() becomes require(): in Chromium that is the runtime's
    // module table (exactly the allowed modules), never the browser's own module loader.
    const [asEsm, asCjs] = await Promise.all([
      build({ ...options, format: 'esm' }),
      build({ ...options, format: 'cjs', supported: { 'dynamic-import': false } }),
    ]);
    esm = asEsm.outputFiles![0]!.text;
    cjs = asCjs.outputFiles![0]!.text;
  } catch (error) {
    const messages = (error as { errors?: Message[] }).errors;
    if (Array.isArray(messages) && messages.length > 0) return { ok: false, errors: messages.slice(0, 20).map(errorOf) };
    throw error;
  }
  let program: Program;
  try {
    program = parse(esm, { ecmaVersion: 'latest', sourceType: 'module' });
  } catch (error) {
    return { ok: false, errors: [{ line: null, column: null, message: `The built scene could not be read: ${(error as Error).message}` }] };
  }
  const { meta, metaFound, hasDefault, schema } = readExports(program);
  const errors: CompileError[] = dynamicImportErrors(program);
  if (!hasDefault) errors.push({ line: null, column: null, message: 'The scene must `export default` a React component.' });
  if (!metaFound && !given.size) {
    errors.push({
      line: null,
      column: null,
      message:
        'The scene must `export const meta = { width, height, fps, durationInFrames, defaultProps }`, or the request must give width, height, fps and durationInFrames.',
    });
    return { ok: false, errors };
  }
  // Without `meta`, the size comes from the request and the default props from the zod `schema`.
  const checked = metaFound ? metaErrors(meta, metaKeyPlaces(tsx)) : metaErrors({ ...given.size, defaultProps: schemaDefaults(schema) });
  errors.push(...checked.errors);
  if (errors.length > 0 || !checked.meta) return { ok: false, errors };
  return { ok: true, meta: checked.meta, code: cjs };
}
