import type { VariableDefinition } from '@pressroom/contracts';
import { describeFieldErrors, ProblemError } from '@pressroom/problem';
import { checkCodeTemplate, checkTimelineProject, type CodeTemplateMeta, type CodeTemplateSize } from '@pressroom/video';

/** What a saved design fixes: its kind, size, frame rate, length and (for code templates) default props. */
export interface CheckedDesign {
  kind: 'code' | 'timeline';
  tsx: string | null;
  projectJson: Record<string, unknown> | null;
  width: number;
  height: number;
  fps: number;
  durationInFrames: number;
  /** Definitions read from a code template's `meta.defaultProps` (used when the body gives none). */
  derivedDefinitions: VariableDefinition[];
}

function typeOfDefault(value: unknown): VariableDefinition['type'] {
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string' && /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value)) return 'color';
  return 'text';
}

/** One definition per default prop, typed by its default value. */
export function definitionsFromDefaultProps(defaultProps: Record<string, unknown>): VariableDefinition[] {
  return Object.entries(defaultProps).map(([name, defaultValue]) => ({
    name,
    type: typeOfDefault(defaultValue),
    defaultValue,
    allowRawHtml: false,
  }));
}

/**
 * Compile a code template: its size and default props (`meta`) and the CommonJS module a browser
 * evaluates, or a 422 `template-compile-error` whose `compilerErrors` give each message's line and column.
 */
export async function compileCodeTemplate(
  tsx: string,
  size: CodeTemplateSize | undefined,
): Promise<{ meta: CodeTemplateMeta; code: string }> {
  const checked = await checkCodeTemplate(tsx, { size });
  if (!checked.ok) {
    const errors = checked.errors.map((e) => ({
      field: 'tsx',
      message: e.line === null ? e.message : `${e.line}:${e.column ?? 0}: ${e.message}`,
    }));
    throw new ProblemError('template-compile-error', {
      detail: `The code template does not compile: ${errors.map((e) => e.message).join('; ')}`.slice(0, 2_000),
      errors,
      extensions: { compilerErrors: checked.errors },
    });
  }
  return { meta: checked.meta, code: checked.code };
}

/**
 * Compile a code template or validate a timeline project, as every create and update must:
 * a TSX that does not build is a 422 with the compiler errors; a malformed project is a 400.
 */
export async function checkDesign(
  design: { tsx: string; size?: CodeTemplateSize | undefined } | { projectJson: Record<string, unknown> },
): Promise<CheckedDesign> {
  if ('tsx' in design) {
    const checked = await compileCodeTemplate(design.tsx, design.size);
    const { width, height, fps, durationInFrames, defaultProps } = checked.meta;
    return {
      kind: 'code',
      tsx: design.tsx,
      projectJson: null,
      width,
      height,
      fps,
      durationInFrames,
      derivedDefinitions: definitionsFromDefaultProps(defaultProps),
    };
  }
  const checked = checkTimelineProject(design.projectJson);
  if (!checked.ok) {
    const errors = checked.errors.map((e) => ({ field: e.path ? `projectJson.${e.path}` : 'projectJson', message: e.message }));
    throw new ProblemError('validation-error', {
      detail: describeFieldErrors('The timeline project is invalid', errors).slice(0, 2_000),
      errors,
    });
  }
  const { width, height, fps, durationInFrames } = checked.meta;
  // Stored as given: the length and size are fixed per render (bound durations, durationVariable), the columns only show them.
  return { kind: 'timeline', tsx: null, projectJson: design.projectJson, width, height, fps, durationInFrames, derivedDefinitions: [] };
}

/** The columns a checked design sets on a video template row. */
export function designFields(design: CheckedDesign) {
  const { tsx, projectJson, width, height, fps, durationInFrames } = design;
  return { tsx, projectJson, width, height, fps, durationInFrames };
}

/**
 * The size a request gives beside `tsx` (the hosted service's SDK sends
 * width, height, fps and durationInFrames instead of a `meta` export);
 * undefined unless all four are given, or when there is a saved size to complete.
 */
export function requestedSize(
  body: { width?: number | undefined; height?: number | undefined; fps?: number | undefined; durationInFrames?: number | undefined },
  saved?: CodeTemplateSize,
): CodeTemplateSize | undefined {
  const size = {
    width: body.width ?? saved?.width,
    height: body.height ?? saved?.height,
    fps: body.fps ?? saved?.fps,
    durationInFrames: body.durationInFrames ?? saved?.durationInFrames,
  };
  return Object.values(size).every((v) => v !== undefined) ? (size as CodeTemplateSize) : undefined;
}
