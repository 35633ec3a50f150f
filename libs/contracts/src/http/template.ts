import { z } from 'zod';
import { refineWhenTyped, Variables, boundedInt, queryInt, ImageFormatOrJpg, NameSearch } from './common.js';
import { FabricDesign } from './design-schema.js';
import { IMAGE_MAX_SIZE, IMAGE_MIN_SIZE } from './output-limits.js';
import { CAPTURE_MAX_DEVICE_PIXELS, RENDER_CONTROL_FIELDS, checkRenderControls } from './render-controls.js';
import { VARIABLE_NAME_MAX_LENGTH } from './variable-name-limit.js';
import { variableNameProblem } from './variable-rules.js';
import { defaultLengthProblem, defaultValueProblem } from './variable-values.js';

/** The types a variable takes. */
export const VARIABLE_TYPES = ['text', 'image', 'color', 'number', 'boolean'] as const;

/**
 * One variable of a template, as saved and answered. Two spellings some clients send are read too
 * (docs/templates.md#variables-and-definitions): a top-level `required`, saved as `validation.required`
 * (both given and different is refused at `required`), and the type `string`, saved as `text`.
 */
export const VariableDefinition = z
  .object({
    name: z.string().min(1).max(VARIABLE_NAME_MAX_LENGTH),
    type: z
      // The alias is left out of the message: it says what to send.
      .enum([...VARIABLE_TYPES, 'string'], { error: `Must be one of: ${VARIABLE_TYPES.join(', ')}` })
      .default('text')
      .describe('`string` is read as `text` (the spelling of some clients); answers say `text`.'),
    defaultValue: z.unknown().optional(),
    description: z.string().max(2000).optional(),
    allowRawHtml: z.boolean().default(false),
    required: z
      .boolean()
      .optional()
      .describe('Same as `validation.required` (the spelling of some clients); saved and answered as `validation.required`.'),
    validation: z
      .object({
        required: z.boolean().optional(),
        minLength: z.number().int().min(0).optional(),
        maxLength: z.number().int().min(0).optional(),
      })
      .optional(),
  })
  .superRefine(
    (definition, ctx) => {
      const own = definition.validation?.required;
      if (definition.required !== undefined && own !== undefined && definition.required !== own) {
        ctx.addIssue({
          code: 'custom',
          path: ['required'],
          message: `\`required\` (${definition.required}) and \`validation.required\` (${own}) disagree; give one of them.`,
        });
      }
    },
    refineWhenTyped('required', 'validation'),
  )
  .transform(({ required, ...definition }) => {
    const type = definition.type === 'string' ? 'text' : definition.type;
    if (required === undefined) return { ...definition, type };
    return { ...definition, type, validation: { ...definition.validation, required } };
  });
export type VariableDefinition = z.infer<typeof VariableDefinition>;

export { VARIABLE_NAME, isVariableName, variableNameProblem, isValidColor } from './variable-rules.js';
export { defaultValueProblem } from './variable-values.js';

/** The fields of a definition the rules read, as given (the refinement also runs when another field was refused). */
interface GivenDefinition {
  name?: unknown;
  type?: unknown;
  defaultValue?: unknown;
  validation?: { minLength?: unknown; maxLength?: unknown } | null;
}

const wholeNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;

/**
 * The rules that make a list of definitions usable, each reported on the field to fix
 * (`<index>.name`, `<index>.validation.maxLength`, `<index>.defaultValue`): a name the template
 * language reads as a variable, each name once, `minLength` ≤ `maxLength`, and a default a render
 * takes for the type (and its lengths).
 */
function checkDefinitions(definitions: readonly unknown[], ctx: z.RefinementCtx): void {
  const firstWithName = new Map<string, number>();
  definitions.forEach((entry, index) => {
    if (typeof entry !== 'object' || entry === null) return;
    const definition = entry as GivenDefinition;
    if (typeof definition.name === 'string' && definition.name !== '') {
      const problem = variableNameProblem(definition.name);
      const first = firstWithName.get(definition.name);
      if (problem) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: problem });
      else if (first !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: `Another definition is already named \`${definition.name}\` (definition ${first + 1}); each variable is defined once.`,
        });
      else firstWithName.set(definition.name, index);
    }
    const validation = typeof definition.validation === 'object' && definition.validation !== null ? definition.validation : {};
    const minLength = wholeNumber(validation.minLength);
    const maxLength = wholeNumber(validation.maxLength);
    const lengthsAgree = minLength === undefined || maxLength === undefined || minLength <= maxLength;
    if (!lengthsAgree) {
      ctx.addIssue({
        code: 'custom',
        path: [index, 'validation', 'maxLength'],
        message: `\`maxLength\` must be at least \`minLength\` (${minLength}).`,
      });
    }
    const type = typeof definition.type === 'string' ? definition.type : 'text';
    const problem =
      defaultValueProblem(type, definition.defaultValue) ??
      (lengthsAgree ? defaultLengthProblem(type, definition.defaultValue, { minLength, maxLength }) : null);
    if (problem) ctx.addIssue({ code: 'custom', path: [index, 'defaultValue'], message: problem });
  });
}

/**
 * `variableDefinitions` wherever a body gives them (templates, canvas renders, previews, video
 * templates): at most 500 (`.max()` lowers it), checked by `checkDefinitions`.
 */
export const VariableDefinitions = z
  .array(VariableDefinition)
  .max(500)
  .superRefine(checkDefinitions, { when: (payload) => Array.isArray(payload.value) });

export const LAYOUT_KEY = /^[a-z0-9-]{1,64}$/;

/** A page's `id`: given by the server to a page saved without one, then kept by every save that sends it back. */
export const PAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const TemplatePage = z.object({
  pageNumber: z.number().int().min(1),
  name: z.string().optional(),
  fabricJSData: FabricDesign,
  id: z
    .string()
    .regex(PAGE_ID, 'Page ids match ^[A-Za-z0-9_-]{1,64}$.')
    .optional()
    .describe(
      'Stable across saves and moves (docs/templates.md#page-ids). A page saved without one is given one; send it back to keep it.',
    ),
});

/** Two pages of one template never share an `id`: the second is refused at its field. */
function pageIdsUnique(pages: { id?: string | undefined }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  pages.forEach((page, index) => {
    if (page.id === undefined) return;
    if (seen.has(page.id))
      ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `Another page already has the id ${JSON.stringify(page.id)}.` });
    seen.add(page.id);
  });
}

const templateDimension = boundedInt(IMAGE_MIN_SIZE, IMAGE_MAX_SIZE, { unit: 'px' });

export const MAX_LAYOUTS = 20;

/** A layout's key wherever a body names one. */
export const LayoutKey = z.string().regex(LAYOUT_KEY, 'Layout keys match ^[a-z0-9-]{1,64}$.');

/** `layouts` of a render body: one render per layout, the template's own size among them. */
export const RenderLayouts = z
  .array(LayoutKey)
  .min(1)
  .max(MAX_LAYOUTS + 1);

/**
 * One layout variant: its own size and, optionally, its own design (`html`
 * for HTML templates, `fabricJSData` for canvas ones). Omitted fields fall
 * back to the template's. Variables are shared by every layout.
 */
export const TemplateLayout = z
  .object({
    name: z.string().max(200).optional(),
    width: templateDimension.optional(),
    height: templateDimension.optional(),
    html: z.string().min(1).optional(),
    fabricJSData: FabricDesign.optional(),
  })
  .superRefine((entry, ctx) => {
    if (entry.html !== undefined && entry.fabricJSData !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['fabricJSData'], message: 'A layout has `html` or `fabricJSData`, not both.' });
    }
  }, refineWhenTyped());
export type TemplateLayout = z.infer<typeof TemplateLayout>;

const templateFields = {
  name: z.string().trim().min(1).max(200),
  engine: z.string().max(50).optional(),
  /*
   * Whether the expressions can ever evaluate is checked by the gateway when the template is saved
   * (checkTemplateHtml of libs/templating): the template language depends on this package, so the check
   * cannot be a refinement here (docs/templates.md#saving-checks-the-expressions). The description tells OpenAPI readers.
   */
  html: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Checked when saved: HTML with an expression that can never evaluate (a syntax error, an unknown function, a wrong number of arguments) is a 400 `validation-error` at `html` naming the line.',
    ),
  fabricJSData: FabricDesign.optional(),
  jsEnabled: z.boolean().optional(),
  strictVariables: z.boolean().optional(),
  type: z.string().max(100).optional(),
  category: z.string().max(100).optional(),
  tags: z.array(z.string().max(100)).max(50).optional(),
  width: templateDimension.optional(),
  height: templateDimension.optional(),
  outputFormat: z.enum(['image', 'pdf']).optional(),
  pdfPreset: z.string().max(50).optional(),
  variableDefinitions: VariableDefinitions.optional(),
  pages: z.array(TemplatePage).max(100).superRefine(pageIdsUnique).optional(),
  layouts: z
    .record(z.string(), TemplateLayout)
    .superRefine((layouts, ctx) => {
      const keys = Object.keys(layouts);
      if (keys.length > MAX_LAYOUTS) ctx.addIssue({ code: 'custom', message: `At most ${MAX_LAYOUTS} layouts.` });
      for (const key of keys) {
        if (!LAYOUT_KEY.test(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'Layout keys must match ^[a-z0-9-]{1,64}$.' });
        else if (key === 'default')
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: '`default` is the template itself; give its size and design at the top level.',
          });
      }
    })
    .optional(),
};

/** An HTML template's layouts carry HTML, a canvas template's carry FabricJS data. */
function layoutsMatchDesign(
  body: { html?: unknown; fabricJSData?: unknown; layouts?: Record<string, TemplateLayout> },
  ctx: z.RefinementCtx,
) {
  const design = body.html !== undefined ? 'html' : body.fabricJSData !== undefined ? 'fabricJSData' : null;
  if (!design || !body.layouts) return;
  const other = design === 'html' ? 'fabricJSData' : 'html';
  for (const [key, entry] of Object.entries(body.layouts)) {
    if (entry[other] !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['layouts', key, other],
        message: `This template is designed with \`${design}\`; its layouts give \`${design}\` (or only a size), not \`${other}\`.`,
      });
    }
  }
}

function exactlyOneDesign(body: { html?: unknown; fabricJSData?: unknown }, ctx: z.RefinementCtx, required: boolean) {
  const both = body.html !== undefined && body.fabricJSData !== undefined;
  const neither = body.html === undefined && body.fabricJSData === undefined;
  if (both || (required && neither)) {
    ctx.addIssue({
      code: 'custom',
      path: [both ? 'fabricJSData' : 'html'],
      message: both ? 'Give exactly one of `html` or `fabricJSData`, not both.' : 'One of `html` or `fabricJSData` is required.',
    });
  }
}

/** The name of a template created without one (the hosted service's clients make `name` optional). */
export const DEFAULT_TEMPLATE_NAME = 'Untitled template';

/** POST /templates */
export const TemplateCreate = z
  .object({ ...templateFields, name: templateFields.name.default(DEFAULT_TEMPLATE_NAME) })
  .superRefine((b, ctx) => {
    exactlyOneDesign(b, ctx, true);
    layoutsMatchDesign(b, ctx);
  }, refineWhenTyped('layouts'));
export type TemplateCreate = z.infer<typeof TemplateCreate>;

/** PUT /templates/{uid}: every field optional; html and fabricJSData still exclusive. */
export const TemplateUpdate = z
  .object(templateFields)
  .partial()
  .superRefine((b, ctx) => {
    exactlyOneDesign(b, ctx, false);
    layoutsMatchDesign(b, ctx);
  }, refineWhenTyped('layouts'));
export type TemplateUpdate = z.infer<typeof TemplateUpdate>;

export const TemplateListQuery = z.object({
  page: queryInt({ min: 1, default: 1 }),
  limit: queryInt({ min: 1, max: 100, default: 12 }),
  sort: z.enum(['newest', 'oldest', 'name']).default('newest'),
  outputFormat: z.enum(['all', 'image', 'pdf', 'gif']).default('all'),
  search: NameSearch,
});
export type TemplateListQuery = z.infer<typeof TemplateListQuery>;

/** POST /templates/{uid}/render (the render controls apply to image output). */
export const TemplateRenderRequest = z
  .object({
    variables: Variables.optional(),
    layout: LayoutKey.optional(),
    layouts: RenderLayouts.optional(),
    /** An image format (`jpg` means `jpeg`), or `pdf`: the template printed as a PDF. */
    format: z.preprocess((v) => (v === 'jpg' ? 'jpeg' : v), z.enum(['png', 'jpeg', 'webp', 'pdf'])).default('png'),
    quality: z.number().min(0.1).max(1).optional(),
    /** Pixels; override the layout's size (for a PDF, the page size). */
    width: templateDimension.optional(),
    height: templateDimension.optional(),
    ...RENDER_CONTROL_FIELDS,
  })
  .superRefine((body, ctx) => {
    checkRenderControls(body, ctx, { format: body.format, maxSide: CAPTURE_MAX_DEVICE_PIXELS });
  }, refineWhenTyped());
export type TemplateRenderRequest = z.infer<typeof TemplateRenderRequest>;

/** A template as the API returns it. */
export interface TemplateView {
  uid: string;
  name: string;
  engine: string | null;
  html: string | null;
  fabricJSData: Record<string, unknown> | null;
  jsEnabled: boolean;
  strictVariables: boolean;
  type: string | null;
  category: string | null;
  tags: string[];
  width: number;
  height: number;
  thumbnail: string | null;
  lastRenderedAt: string | null;
  outputFormat: 'image' | 'pdf';
  pdfPreset: string | null;
  variableDefinitions: VariableDefinition[];
  pages: z.infer<typeof TemplatePage>[];
  layouts: Record<string, Record<string, unknown>>;
  createdAt: string;
  updatedAt: string;
}

/** POST /templates/expression/test: one expression (with or without `{{ }}`) and the variables to evaluate it with. */
export const ExpressionTestRequest = z.object({
  expression: z.string(),
  variables: Variables.optional(),
});
export type ExpressionTestRequest = z.infer<typeof ExpressionTestRequest>;

/** One rendered layout in the `results` of POST /templates/{uid}/render (the shape the hosted service's clients read). */
export interface TemplateRenderResultItem {
  layout: string;
  name: string;
  url: string | null;
  width: number;
  height: number;
  format: string;
  id: string;
  createdAt: string;
  /** `queued` when the render outlived the wait (then `url` is null and the answer is 202). */
  status: 'done' | 'queued';
}

/**
 * Members every answer of POST /templates/{uid}/render carries beside its own
 * (the image result, `renders`, or the PDF result): one `results` entry per
 * rendered layout, and `errors` for requested layouts that do not exist.
 */
export interface TemplateRenderResults {
  results: TemplateRenderResultItem[];
  errors: Array<{ layout: string; error: string; code: string }>;
  totalLayouts: number;
  totalRendered: number;
  totalErrors: number;
  templateUid: string;
}

/** POST /templates/expression/validate: does an expression parse (variables not needed)? */
export const ExpressionValidateRequest = z.object({ expression: z.string().max(10_000) });
export type ExpressionValidateRequest = z.infer<typeof ExpressionValidateRequest>;

/** POST /templates/expression/interpolate: a text with `{{ }}` placeholders filled with the variables. */
export const ExpressionInterpolateRequest = z.object({
  template: z.string().max(100_000),
  variables: Variables.optional(),
});
export type ExpressionInterpolateRequest = z.infer<typeof ExpressionInterpolateRequest>;

export const MAX_MULTI_SIZES = 20;

/** POST /templates/{uid}/multi-size-render: one design rendered at several sizes in one call. */
export const TemplateMultiSizeRenderRequest = z.object({
  variables: Variables.optional(),
  sizes: z
    .array(z.object({ width: templateDimension, height: templateDimension, name: z.string().min(1).max(200).optional() }))
    .min(1, 'Give at least one size.')
    .max(MAX_MULTI_SIZES, `At most ${MAX_MULTI_SIZES} sizes per call.`),
  layout: LayoutKey.optional(),
  format: ImageFormatOrJpg.default('png'),
  quality: z.number().min(0.1).max(1).optional(),
});
export type TemplateMultiSizeRenderRequest = z.infer<typeof TemplateMultiSizeRenderRequest>;
