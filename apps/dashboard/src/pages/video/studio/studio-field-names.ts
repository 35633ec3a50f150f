import { readablePath } from '../../../kit/form-banner.js';
import { clipFieldSpecs } from './clip-field-specs.js';
import type { FieldSpec } from './field-specs.js';
import { PROJECT_FIELD_SPECS } from './project-field-specs.js';
import type { ClipRef, Project } from './timeline-model.js';

/** A clip's refused path in the request body: `projectJson.tracks.1.clips.0.style.fontSize`. */
const CLIP_PATH = /^projectJson\.tracks\.(\d+)\.clips\.(\d+)(?:\.(.+))?$/;
const PROJECT = 'projectJson.';

/** The field that shows `path`: its own, or the one whose value it is inside (messageFor in studio-errors.ts). */
const specOf = (list: FieldSpec[], path: string) => list.find((spec) => path === spec.path || path.startsWith(`${spec.path}.`));

const typeAt = (project: Project, track: number, clip: number) => project.tracks[track]?.clips[clip]?.type;

/**
 * Whether the studio shows a refused body path beside a field now: the template name and the variables always; a
 * clip's property when that clip is selected; a project setting when no clip is (the panel shows one or the other).
 * Only paths a field really has count, so no refusal is lost between the fields and the banner.
 */
export function standsBeside(field: string, project: Project, selected: ClipRef | null): boolean {
  if (field === 'name' || field.startsWith('variables.')) return true;
  const clip = CLIP_PATH.exec(field);
  if (clip) {
    const [track, index, rest] = [Number(clip[1]), Number(clip[2]), clip[3]];
    const type = typeAt(project, track, index);
    const isSelected = selected !== null && selected.track === track && selected.clip === index;
    return isSelected && rest !== undefined && type !== undefined && specOf(clipFieldSpecs(type), rest) !== undefined;
  }
  return selected === null && field.startsWith(PROJECT) && specOf(PROJECT_FIELD_SPECS, field.slice(PROJECT.length)) !== undefined;
}

/**
 * A refused body path in the studio's words, by the labels of its fields: `Frames per second`, `Track 2, clip 1, Font
 * size`; a path no field has is spelled out (kit/form-banner's readablePath), never left as `projectJson.…`.
 */
export function studioFieldName(field: string, project: Project): string {
  if (field === 'name') return 'Template name';
  if (field.startsWith('variables.')) return `Variable ${field.slice('variables.'.length)}`;
  if (field === 'projectJson') return 'The project';
  const clip = CLIP_PATH.exec(field);
  if (clip) {
    const [track, index, rest] = [Number(clip[1]), Number(clip[2]), clip[3]];
    const where = `Track ${track + 1}, clip ${index + 1}`;
    if (rest === undefined) return where;
    const type = typeAt(project, track, index);
    return `${where}, ${(type && specOf(clipFieldSpecs(type), rest)?.label) ?? readablePath(rest)}`;
  }
  if (!field.startsWith(PROJECT)) return readablePath(field);
  const path = field.slice(PROJECT.length);
  const track = /^tracks\.(\d+)$/.exec(path);
  if (track) return `Track ${Number(track[1]) + 1}`;
  return specOf(PROJECT_FIELD_SPECS, path)?.label ?? readablePath(path);
}
