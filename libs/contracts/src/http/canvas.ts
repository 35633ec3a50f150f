import { z } from 'zod';
import { FileExtension, Variables, boundedInt } from './common.js';
import { IMAGE_MAX_SIZE, IMAGE_MIN_SIZE } from './image.js';
import { VariableDefinitions } from './template.js';
import { DESIGN_LIMITS } from './design-limits.js';
import { FabricDesign } from './design-schema.js';

/**
 * Object `type` values fabric 7 can load: the keys of its class registry that
 * name drawable classes (each class is registered under its type and the
 * lower-cased type; IText and ActiveSelection also under their fabric 5 names).
 * A system test checks this list against the bundle's registry.
 */
export const FABRIC_OBJECT_TYPES = [
  'Rect',
  'rect',
  'Circle',
  'circle',
  'Ellipse',
  'ellipse',
  'Triangle',
  'triangle',
  'Line',
  'line',
  'Polyline',
  'polyline',
  'Polygon',
  'polygon',
  'Path',
  'path',
  'Text',
  'text',
  'IText',
  'itext',
  'i-text',
  'Textbox',
  'textbox',
  'Image',
  'image',
  'Group',
  'group',
  'ActiveSelection',
  'activeselection',
  'activeSelection',
] as const;

/** Types whose `text` takes `{{ }}` (with styles kept in place). */
export const FABRIC_TEXT_TYPES: ReadonlySet<string> = new Set(['Text', 'text', 'IText', 'itext', 'i-text', 'Textbox', 'textbox']);

/** Types that hold children in `objects`. */
export const FABRIC_GROUP_TYPES: ReadonlySet<string> = new Set(['Group', 'group', 'ActiveSelection', 'activeselection', 'activeSelection']);

/** Bounds on a canvas document; each bounds the renderer's time or memory, whatever the input. */
export const CANVAS_LIMITS = {
  /** Objects in the whole document, children of groups and clip paths included. */
  objects: DESIGN_LIMITS.objects,
  /** Groups inside groups. */
  groupDepth: 20,
  /** Nesting of the JSON itself (objects and arrays), anywhere in the document. */
  jsonDepth: 64,
  /** Characters of one data: URL (about 3 MiB of image). */
  dataUrlChars: 4 * 1024 * 1024,
  /** Entries of `fonts`. */
  fonts: 20,
} as const;

/** Properties a variable may be bound to with `variableBindings`. */
export const CANVAS_BINDABLE_PROPERTIES = ['text', 'src', 'fill', 'stroke', 'backgroundColor', 'opacity', 'visible'] as const;

/** A web font a canvas uses: `fabricJSData.fonts[]`. */
export const CanvasFont = z.object({
  family: z.string().trim().min(1).max(200),
  url: z
    .string()
    .min(1)
    .refine((url) => /^(https?:\/\/|data:)/i.test(url), { message: 'Expected an http(s) or data: URL.' }),
  weight: z
    .union([
      z.string().regex(/^(normal|bold|bolder|lighter|[1-9]00)$/, 'Expected normal, bold or 100–900.'),
      z.number().int().min(1).max(1000),
    ])
    .optional(),
  style: z.enum(['normal', 'italic', 'oblique']).optional(),
});
export type CanvasFont = z.infer<typeof CanvasFont>;

const dimension = boundedInt(IMAGE_MIN_SIZE, IMAGE_MAX_SIZE, { unit: 'px' }).optional();

/** POST /image/canvas */
export const CanvasImageRequest = z.object({
  /** fabric canvas JSON (`canvas.toJSON()`), plus optional `fonts`. Checked in depth by the gateway. */
  fabricJSData: FabricDesign,
  variables: Variables.optional(),
  variableDefinitions: VariableDefinitions.optional(),
  /** Default: fabricJSData.width/height, else 1200×630. */
  width: dimension,
  height: dimension,
  fileExtension: FileExtension.default('png'),
  /** 0–1, used for jpeg and webp. */
  quality: z.number().min(0).max(1).optional(),
});
export type CanvasImageRequest = z.infer<typeof CanvasImageRequest>;
