import { readablePath } from '../../../kit/form-banner.js';
import { CHECKBOX, COLOUR, DECIMAL, FRAMES, NUMBER, select, specs, TEXT, TEXTAREA, type FieldSpec } from './field-specs.js';
import { CLIP_TYPE_NAMES } from './clip-type-names.js';
import { MAIN_PROPERTY, type ClipType } from './timeline-model.js';

const FIT = select([
  ['cover', 'Cover'],
  ['contain', 'Contain'],
  ['fill', 'Fill'],
]);

/** Each clip type's own fields (docs/video.md, "Clips"). */
const OWN: Record<ClipType, FieldSpec[]> = {
  solid: specs([['color', 'Colour', COLOUR]]),
  text: specs([
    ['text', 'Text', TEXTAREA],
    ['style.fontSize', 'Font size', NUMBER],
    ['style.fontFamily', 'Font family', TEXT],
    ['style.fontWeight', 'Font weight', TEXT],
    ['style.color', 'Text colour', COLOUR],
    [
      'style.textAlign',
      'Alignment',
      select([
        ['', 'Default (left)'],
        ['left', 'Left'],
        ['center', 'Centre'],
        ['right', 'Right'],
      ]),
    ],
    ['style.backgroundColor', 'Box colour', COLOUR],
    ['style.padding', 'Box padding', NUMBER],
    ['style.borderRadius', 'Box corner radius', NUMBER],
  ]),
  image: specs([
    ['src', 'Image URL', TEXT],
    ['fit', 'Fit', FIT],
  ]),
  video: specs([
    ['src', 'Video URL', TEXT],
    ['fit', 'Fit', FIT],
    ['trimBefore', 'Skip source frames at start', NUMBER],
    ['trimAfter', 'Stop at source frame', NUMBER],
    ['playbackRate', 'Playback rate', DECIMAL],
    ['volume', 'Volume', DECIMAL],
    ['muted', 'Muted', CHECKBOX],
  ]),
  audio: specs([
    ['src', 'Audio URL', TEXT],
    ['trimBefore', 'Skip source frames at start', NUMBER],
    ['trimAfter', 'Stop at source frame', NUMBER],
    ['playbackRate', 'Playback rate', DECIMAL],
    ['volume', 'Volume', DECIMAL],
    ['fadeInFrames', 'Fade in (frames)', FRAMES],
    ['fadeOutFrames', 'Fade out (frames)', FRAMES],
  ]),
  shape: specs([
    [
      'shape',
      'Shape',
      select([
        ['rectangle', 'Rectangle'],
        ['circle', 'Circle'],
      ]),
    ],
    ['fill', 'Fill', COLOUR],
    ['stroke', 'Stroke colour', COLOUR],
    ['strokeWidth', 'Stroke width', NUMBER],
    ['cornerRadius', 'Corner radius', NUMBER],
  ]),
  html: specs([['html', 'HTML and CSS', TEXTAREA]]),
  // SubRip text here; speech (`captions.transcribe`), WebVTT, words and cues are edited in the JSON or bound to a variable.
  caption: specs([
    ['captions.srt', 'Captions (SRT)', TEXTAREA],
    ['highlightColor', 'Spoken word colour', COLOUR],
    ['wordsPerCue', 'Words per cue', NUMBER],
    ['style.fontSize', 'Font size', NUMBER],
    ['style.color', 'Text colour', COLOUR],
    ['style.backgroundColor', 'Box colour', COLOUR],
  ]),
};

const TIMING = specs([
  ['from', 'Start frame', FRAMES],
  ['durationInFrames', 'Length (frames)', FRAMES],
]);

const PLACEMENT = specs([
  ['style.x', 'X', NUMBER],
  ['style.y', 'Y', NUMBER],
  ['style.width', 'Width', NUMBER],
  ['style.height', 'Height', NUMBER],
  ['style.opacity', 'Opacity', DECIMAL],
  ['style.rotation', 'Rotation (degrees)', NUMBER],
  ['style.scale', 'Scale', DECIMAL],
  ['style.fadeInFrames', 'Fade in (frames)', FRAMES],
  ['style.fadeOutFrames', 'Fade out (frames)', FRAMES],
]);

const DIRECTIONS = select([
  ['', 'Default (left)'],
  ['left', 'Left'],
  ['right', 'Right'],
  ['up', 'Up'],
  ['down', 'Down'],
]);

/** Entrance, exit and transition: a type (none removes it), a length and a direction. */
function animationSpecs(key: 'enter' | 'exit' | 'transition', label: string): FieldSpec[] {
  const types = key === 'transition' ? ['fade', 'slide', 'wipe'] : ['fade', 'slide', 'zoom', 'wipe'];
  return specs([
    [`${key}.type`, label, select([['', 'None'], ...types.map((t) => [t, t[0]!.toUpperCase() + t.slice(1)] as const)])],
    [`${key}.durationInFrames`, `${label}: length (frames)`, FRAMES],
    [`${key}.direction`, `${label}: direction`, DIRECTIONS],
  ]);
}

const ANIMATION = [
  ...animationSpecs('enter', 'Entrance'),
  ...animationSpecs('exit', 'Exit'),
  ...animationSpecs('transition', 'Transition in'),
];

/** The groups of fields a clip of `type` shows, in order (audio is not drawn: no placement, no animation). */
export function clipGroups(type: ClipType): Array<[string, FieldSpec[]]> {
  return [
    ['Timing', TIMING],
    [`${CLIP_TYPE_NAMES[type]} clip`, OWN[type]],
    ...(type === 'audio'
      ? []
      : ([
          ['Placement and look', PLACEMENT],
          ['Animation', ANIMATION],
        ] as Array<[string, FieldSpec[]]>)),
    ['Variable', [variableSpec(type)]],
  ];
}

/**
 * A clip's `variable`, in words that do not repeat the label of the setting it replaces (so `Colour` names one
 * field): the setting is named in the hint under it.
 */
const variableSpec = (type: ClipType): FieldSpec => ({
  path: 'variable',
  label: 'Set by a variable',
  field: TEXT,
  hint: `A variable's name: its value replaces this clip's ${clipSettingName(type, MAIN_PROPERTY[type])} in each render.`,
});

/**
 * A clip setting by the label its field shows (`Colour`, `Text colour`, `Opacity`); a caption clip's whole
 * `captions` (text or a URL, replaced by its variable) is `Captions`; a path no field has is spelled out.
 */
export function clipSettingName(type: ClipType, property: string): string {
  if (type === 'caption' && property === 'captions') return 'Captions';
  const fields = [...TIMING, ...OWN[type], ...PLACEMENT, ...ANIMATION];
  return fields.find((spec) => spec.path === property)?.label ?? readablePath(property);
}

/** Every field a clip of `type` shows (to name a refused property of a clip that is not selected). */
export const clipFieldSpecs = (type: ClipType): FieldSpec[] => clipGroups(type).flatMap(([, list]) => list);
