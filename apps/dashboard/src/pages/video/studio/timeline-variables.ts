import { getPath, MAIN_PROPERTY, type Project } from './timeline-model.js';

/** A template's variable definition, as far as the studio reads it (api/templates.ts has the full shape). */
interface Definition {
  name: string;
  type: 'text' | 'image' | 'color' | 'number' | 'boolean';
  defaultValue?: unknown;
}

/** Where a variable is used: which clip property (or project property) it replaces. */
export interface VariableUse {
  name: string;
  /** Human words: "Track 1, text clip 2: text". */
  where: string;
  /** The clip property or `durationInFrames` / `soundtrack.src` it replaces. */
  property: string;
  /** The value in the design (what plays when no value is given). */
  designValue: unknown;
}

/** Every variable the project binds: clips' `variable` and `bind`, the soundtrack's `variable`, `durationVariable`. */
export function variableUses(project: Project): VariableUse[] {
  const uses: VariableUse[] = [];
  project.tracks.forEach((track, t) =>
    track.clips.forEach((clip, c) => {
      const where = (property: string) => `Track ${t + 1}, ${clip.type} clip ${c + 1}: ${property}`;
      if (clip.variable) {
        const property = MAIN_PROPERTY[clip.type];
        uses.push({ name: clip.variable, where: where(property), property, designValue: getPath(clip, property) });
      }
      for (const [property, name] of Object.entries(clip.bind ?? {}))
        uses.push({ name, where: where(property), property, designValue: getPath(clip, property) });
    }),
  );
  if (project.soundtrack?.variable)
    uses.push({
      name: project.soundtrack.variable,
      where: 'Soundtrack: src',
      property: 'soundtrack.src',
      designValue: project.soundtrack.src,
    });
  if (project.durationVariable)
    uses.push({
      name: project.durationVariable,
      where: 'Timeline length (frames)',
      property: 'durationInFrames',
      designValue: project.durationInFrames,
    });
  return uses;
}

/** The definition type a bound property suggests: colours, image URLs and numbers are checked as such by the API. */
function typeFor(use: VariableUse): Definition['type'] {
  const leaf = use.property.split('.').pop()!;
  if (['color', 'fill', 'stroke', 'backgroundColor'].includes(leaf)) return 'color';
  if (typeof use.designValue === 'number' || use.property === 'durationInFrames') return 'number';
  if (typeof use.designValue === 'boolean') return 'boolean';
  if (use.property === 'src' && use.where.includes('image clip')) return 'image';
  return 'text';
}

/**
 * The definitions to save: each bound name keeps its definition, a new one gets a type from what it binds
 * and no default (the design's value plays until a render gives one). Definitions of names no longer bound
 * stay too: a variable may be unbound for a while, and its default must not be lost.
 */
export function definitionsFor<D extends Definition>(project: Project, existing: D[]): Array<D | Definition> {
  const names = new Set(existing.map((d) => d.name));
  const added: Definition[] = [];
  for (const use of variableUses(project)) {
    if (names.has(use.name)) continue;
    names.add(use.name);
    added.push({ name: use.name, type: typeFor(use) });
  }
  return [...existing, ...added];
}

/** The values the player plays: each definition's default, then the values being tried (empty ones left out). */
export function playerValues(definitions: Definition[], tried: Record<string, string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const d of definitions) if (d.defaultValue !== undefined && d.defaultValue !== '') values[d.name] = d.defaultValue;
  for (const [name, value] of Object.entries(tried)) if (value !== '') values[name] = value;
  return values;
}

/** A font of the account's asset library as the composition registers it. */
export interface StudioFont {
  family: string;
  url: string;
  weight: string | number;
  style: string;
}

const familyKey = (name: string) =>
  name
    .trim()
    .replace(/^["']|["']$/g, '')
    .toLowerCase();

/**
 * The account fonts the project names in a clip's `fontFamily` (as the renderer loads only those): the
 * player registers them before its first frame, so text is set as the render sets it.
 */
export function fontsUsedBy(
  project: Project,
  fonts: ReadonlyArray<{ family: string; url: string; weight?: string | number; style?: string }>,
): StudioFont[] {
  const named = new Set(
    project.tracks.flatMap((track) => track.clips.flatMap((clip) => (clip.style?.fontFamily ?? '').split(',').map(familyKey))),
  );
  return fonts
    .filter((font) => named.has(familyKey(font.family)))
    .map((font) => ({ family: font.family, url: font.url, weight: font.weight ?? 400, style: font.style ?? 'normal' }));
}
