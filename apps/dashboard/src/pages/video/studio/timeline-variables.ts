import { clipSettingName } from './clip-field-specs.js';
import { CLIP_TYPE_NAMES } from './clip-type-names.js';
import { PROJECT_FIELD_SPECS } from './project-field-specs.js';
import { getPath, MAIN_PROPERTY, type ClipType, type Project } from './timeline-model.js';

/** A project setting by its field's label (`Soundtrack URL`). */
const projectLabel = (path: string) => PROJECT_FIELD_SPECS.find((spec) => spec.path === path)?.label ?? path;

/** A template's variable definition, as far as the studio reads it (api/templates.ts has the full shape). */
interface Definition {
  name: string;
  type: 'text' | 'image' | 'color' | 'number' | 'boolean';
  defaultValue?: unknown;
}

/** Where a variable is used: which clip property (or project property) it replaces. */
export interface VariableUse {
  name: string;
  /** In the studio's words, its names of clip types and settings: "Track 1, Solid colour clip 1: Colour". */
  where: string;
  /** The type of the clip bound (none for the soundtrack and the length). */
  clipType?: ClipType;
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
      const where = (property: string) =>
        `Track ${t + 1}, ${CLIP_TYPE_NAMES[clip.type]} clip ${c + 1}: ${clipSettingName(clip.type, property)}`;
      const use = (name: string, property: string) => ({
        name,
        where: where(property),
        clipType: clip.type,
        property,
        designValue: getPath(clip, property),
      });
      if (clip.variable) uses.push(use(clip.variable, MAIN_PROPERTY[clip.type]));
      for (const [property, name] of Object.entries(clip.bind ?? {})) uses.push(use(name, property));
    }),
  );
  if (project.soundtrack?.variable)
    uses.push({
      name: project.soundtrack.variable,
      where: projectLabel('soundtrack.src'),
      property: 'soundtrack.src',
      designValue: project.soundtrack.src,
    });
  if (project.durationVariable)
    uses.push({
      name: project.durationVariable,
      where: projectLabel('durationInFrames'),
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
  if (use.property === 'src' && use.clipType === 'image') return 'image';
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
