import { z } from 'zod';
import { VARIABLE_TYPES } from './template.js';

/*
 * Answers about templates' variables and the template language, and the starter gallery. Variable
 * definitions are read through a transform (`VariableDefinition` in template.ts), which JSON Schema
 * cannot show: `VariableDefinitionView` is the saved, answered form.
 */

/** One variable of a template as saved and answered (`string` is saved as `text`, a top-level `required` as `validation.required`). */
export const VariableDefinitionView = z.object({
  name: z.string(),
  type: z.enum(VARIABLE_TYPES),
  defaultValue: z.unknown().optional().describe("Of the variable's type; used when a render does not give it."),
  description: z.string().optional(),
  allowRawHtml: z.boolean().describe('The value is placed as HTML, unescaped.'),
  validation: z
    .object({ required: z.boolean().optional(), minLength: z.number().int().optional(), maxLength: z.number().int().optional() })
    .optional(),
});

/** GET /templates/{uid}/variables. */
export const TemplateVariablesView = z.object({
  templateUid: z.string(),
  templateName: z.string(),
  variables: z.array(VariableDefinitionView).describe("The template's variable definitions."),
  detected: z.array(z.string()).describe('Every variable name the design itself uses (its texts, expressions and layouts).'),
  layouts: z.array(z.string()).describe('The layout keys a render may ask for, `default` first.'),
});

/** GET /video/templates/{uid}/variables: the definitions under the names both kinds of clients read. */
export const VideoTemplateVariablesView = z.object({
  uid: z.string(),
  kind: z.enum(['code', 'timeline']),
  variableDefinitions: z.array(VariableDefinitionView),
  templateUid: z.string().describe('Same as `uid`.'),
  templateName: z.string(),
  variables: z.array(VariableDefinitionView).describe('Same as `variableDefinitions`.'),
  referenced: z.array(z.string()).describe('The names of the definitions.'),
});

/** One built-in function of the template language (GET /templates/expression/functions). */
export const FunctionInfoView = z.object({
  name: z.string(),
  category: z.enum(['string', 'number', 'format', 'array', 'type', 'utility']),
  signature: z.string().describe('`uppercase(text)`: the arguments it takes.'),
  description: z.string(),
  example: z.string().describe('A self-contained expression.'),
  result: z.unknown().describe('What `example` evaluates to.'),
});

/** One design of the starter gallery (GET /templates/starters): copy it with POST /templates/starters/{key}/copy. */
export const StarterView = z.object({
  key: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  variableDefinitions: z.array(VariableDefinitionView),
  engine: z.enum(['fabric', 'html']).describe('`fabric`: a canvas design (`fabricJSData`); `html`: an HTML template (`html`).'),
  fabricJSData: z.record(z.string(), z.unknown()).optional().describe("A canvas starter's Fabric.js document (docs/canvas.md)."),
  html: z.string().optional().describe("An HTML starter's template (docs/templates.md)."),
});
