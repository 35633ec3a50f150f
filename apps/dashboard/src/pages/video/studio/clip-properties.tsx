import { Button } from '../../../kit/button';
import { PropertyField, type FieldKind } from './property-field';
import { clipPrefix, errorsUnder, messageFor } from './studio-errors';
import { getPath, MAIN_PROPERTY, type Clip, type ClipRef, type ClipType } from './timeline-model';

interface Spec {
  path: string;
  label: string;
  field: FieldKind;
}

const num: FieldKind = { kind: 'number' };
const decimal: FieldKind = { kind: 'number', step: 0.05 };
const text: FieldKind = { kind: 'text' };
const colour: FieldKind = { kind: 'color' };
const fit: FieldKind = {
  kind: 'select',
  options: [
    ['cover', 'Cover'],
    ['contain', 'Contain'],
    ['fill', 'Fill'],
  ],
};

/** Each clip type's own fields (docs/video.md, "Clips"). */
const OWN: Record<ClipType, Spec[]> = {
  solid: [{ path: 'color', label: 'Colour', field: colour }],
  text: [
    { path: 'text', label: 'Text', field: { kind: 'textarea' } },
    { path: 'style.fontSize', label: 'Font size', field: num },
    { path: 'style.fontFamily', label: 'Font family', field: text },
    { path: 'style.fontWeight', label: 'Font weight', field: text },
    { path: 'style.color', label: 'Text colour', field: colour },
    {
      path: 'style.textAlign',
      label: 'Alignment',
      field: {
        kind: 'select',
        options: [
          ['', 'Default (left)'],
          ['left', 'Left'],
          ['center', 'Centre'],
          ['right', 'Right'],
        ],
      },
    },
    { path: 'style.backgroundColor', label: 'Box colour', field: colour },
    { path: 'style.padding', label: 'Box padding', field: num },
    { path: 'style.borderRadius', label: 'Box corner radius', field: num },
  ],
  image: [
    { path: 'src', label: 'Image URL', field: text },
    { path: 'fit', label: 'Fit', field: fit },
  ],
  video: [
    { path: 'src', label: 'Video URL', field: text },
    { path: 'fit', label: 'Fit', field: fit },
    { path: 'trimBefore', label: 'Skip source frames at start', field: num },
    { path: 'trimAfter', label: 'Stop at source frame', field: num },
    { path: 'playbackRate', label: 'Playback rate', field: decimal },
    { path: 'volume', label: 'Volume', field: decimal },
    { path: 'muted', label: 'Muted', field: { kind: 'checkbox' } },
  ],
  audio: [
    { path: 'src', label: 'Audio URL', field: text },
    { path: 'trimBefore', label: 'Skip source frames at start', field: num },
    { path: 'trimAfter', label: 'Stop at source frame', field: num },
    { path: 'playbackRate', label: 'Playback rate', field: decimal },
    { path: 'volume', label: 'Volume', field: decimal },
    { path: 'fadeInFrames', label: 'Fade in (frames)', field: num },
    { path: 'fadeOutFrames', label: 'Fade out (frames)', field: num },
  ],
  shape: [
    {
      path: 'shape',
      label: 'Shape',
      field: {
        kind: 'select',
        options: [
          ['rectangle', 'Rectangle'],
          ['circle', 'Circle'],
        ],
      },
    },
    { path: 'fill', label: 'Fill', field: colour },
    { path: 'stroke', label: 'Stroke colour', field: colour },
    { path: 'strokeWidth', label: 'Stroke width', field: num },
    { path: 'cornerRadius', label: 'Corner radius', field: num },
  ],
  html: [{ path: 'html', label: 'HTML and CSS', field: { kind: 'textarea' } }],
  // SubRip text here; speech (`captions.transcribe`), WebVTT, words and cues are edited in the JSON or bound to a variable.
  caption: [
    { path: 'captions.srt', label: 'Captions (SRT)', field: { kind: 'textarea' } },
    { path: 'highlightColor', label: 'Spoken word colour', field: colour },
    { path: 'wordsPerCue', label: 'Words per cue', field: num },
    { path: 'style.fontSize', label: 'Font size', field: num },
    { path: 'style.color', label: 'Text colour', field: colour },
    { path: 'style.backgroundColor', label: 'Box colour', field: colour },
  ],
};

const PLACEMENT: Spec[] = [
  { path: 'style.x', label: 'X', field: num },
  { path: 'style.y', label: 'Y', field: num },
  { path: 'style.width', label: 'Width', field: num },
  { path: 'style.height', label: 'Height', field: num },
  { path: 'style.opacity', label: 'Opacity', field: decimal },
  { path: 'style.rotation', label: 'Rotation (degrees)', field: num },
  { path: 'style.scale', label: 'Scale', field: decimal },
  { path: 'style.fadeInFrames', label: 'Fade in (frames)', field: num },
  { path: 'style.fadeOutFrames', label: 'Fade out (frames)', field: num },
];

const DIRECTIONS = [
  ['', 'Default (left)'],
  ['left', 'Left'],
  ['right', 'Right'],
  ['up', 'Up'],
  ['down', 'Down'],
] as const;

/** Entrance, exit and transition: a type (none removes it), a length and a direction. */
function animationSpecs(key: 'enter' | 'exit' | 'transition', label: string): Spec[] {
  const types = key === 'transition' ? ['fade', 'slide', 'wipe'] : ['fade', 'slide', 'zoom', 'wipe'];
  return [
    {
      path: `${key}.type`,
      label,
      field: { kind: 'select', options: [['', 'None'], ...types.map((t) => [t, t[0]!.toUpperCase() + t.slice(1)] as const)] },
    },
    { path: `${key}.durationInFrames`, label: `${label}: length (frames)`, field: num },
    { path: `${key}.direction`, label: `${label}: direction`, field: { kind: 'select', options: DIRECTIONS } },
  ];
}

/**
 * The selected clip's properties, per type, each with the server's message beside it after a failed save.
 * `onChange(path, value)` sets one property (undefined removes it).
 */
export function ClipProperties({
  clip,
  at,
  error,
  onChange,
  onRemove,
}: {
  clip: Clip;
  at: ClipRef;
  error: unknown;
  onChange: (path: string, value: unknown) => void;
  onRemove: () => void;
}) {
  const errors = errorsUnder(error, clipPrefix(at.track, at.clip));
  const field = (spec: Spec) => (
    <PropertyField
      key={spec.path}
      label={spec.label}
      field={spec.field}
      value={getPath(clip, spec.path)}
      error={messageFor(errors, spec.path)}
      onChange={(value) => change(spec.path, value)}
    />
  );
  // An animation is an object: choosing a type creates it with a length, "None" removes it.
  const change = (path: string, value: unknown) => {
    const [head, leaf] = path.split('.');
    if ((head === 'enter' || head === 'exit' || head === 'transition') && leaf === 'type') {
      const current = getPath(clip, head) as Record<string, unknown> | undefined;
      onChange(head, value === undefined ? undefined : { durationInFrames: 15, ...current, type: value });
      return;
    }
    onChange(path, value);
  };
  const group = (title: string, specs: Spec[]) => (
    <fieldset className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 p-2">
      <legend className="px-1 text-xs font-semibold text-slate-700">{title}</legend>
      {specs.map(field)}
    </fieldset>
  );
  return (
    <div className="flex flex-col gap-3">
      {group('Timing', [
        { path: 'from', label: 'Start frame', field: num },
        { path: 'durationInFrames', label: 'Length (frames)', field: num },
      ])}
      {group(`${clip.type[0]!.toUpperCase()}${clip.type.slice(1)} clip`, OWN[clip.type])}
      {clip.type !== 'audio' && group('Placement and look', PLACEMENT)}
      {clip.type !== 'audio' &&
        group('Animation', [
          ...animationSpecs('enter', 'Entrance'),
          ...animationSpecs('exit', 'Exit'),
          ...animationSpecs('transition', 'Transition in'),
        ])}
      {group('Variable', [{ path: 'variable', label: `Variable (replaces ${MAIN_PROPERTY[clip.type]})`, field: text }])}
      {errors.has('') && <p className="text-xs text-red-700">{errors.get('')}</p>}
      <Button variant="danger" className="self-start" onClick={onRemove}>
        Delete clip
      </Button>
    </div>
  );
}
