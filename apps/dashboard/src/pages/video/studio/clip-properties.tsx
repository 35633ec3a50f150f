import { Button } from '../../../kit/button';
import { CHECKBOX, COLOUR, DECIMAL, NUMBER, PropertyFields, select, specs, TEXT, TEXTAREA, type FieldSpec } from './property-specs';
import { clipPrefix, errorsUnder } from './studio-errors';
import { getPath, MAIN_PROPERTY, type Clip, type ClipRef, type ClipType } from './timeline-model';

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
    ['fadeInFrames', 'Fade in (frames)', NUMBER],
    ['fadeOutFrames', 'Fade out (frames)', NUMBER],
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
  ['from', 'Start frame', NUMBER],
  ['durationInFrames', 'Length (frames)', NUMBER],
]);

const PLACEMENT = specs([
  ['style.x', 'X', NUMBER],
  ['style.y', 'Y', NUMBER],
  ['style.width', 'Width', NUMBER],
  ['style.height', 'Height', NUMBER],
  ['style.opacity', 'Opacity', DECIMAL],
  ['style.rotation', 'Rotation (degrees)', NUMBER],
  ['style.scale', 'Scale', DECIMAL],
  ['style.fadeInFrames', 'Fade in (frames)', NUMBER],
  ['style.fadeOutFrames', 'Fade out (frames)', NUMBER],
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
    [`${key}.durationInFrames`, `${label}: length (frames)`, NUMBER],
    [`${key}.direction`, `${label}: direction`, DIRECTIONS],
  ]);
}

const ANIMATION = [
  ...animationSpecs('enter', 'Entrance'),
  ...animationSpecs('exit', 'Exit'),
  ...animationSpecs('transition', 'Transition in'),
];

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
  const group = (title: string, list: FieldSpec[]) => (
    <fieldset className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 p-2">
      <legend className="px-1 text-xs font-semibold text-slate-700">{title}</legend>
      <PropertyFields specs={list} source={clip} errors={errors} onChange={change} />
    </fieldset>
  );
  return (
    <div className="flex flex-col gap-3">
      {group('Timing', TIMING)}
      {group(`${clip.type[0]!.toUpperCase()}${clip.type.slice(1)} clip`, OWN[clip.type])}
      {clip.type !== 'audio' && group('Placement and look', PLACEMENT)}
      {clip.type !== 'audio' && group('Animation', ANIMATION)}
      {group('Variable', specs([['variable', `Variable (replaces ${MAIN_PROPERTY[clip.type]})`, TEXT]]))}
      {errors.has('') && <p className="text-xs text-red-700">{errors.get('')}</p>}
      <Button variant="danger" className="self-start" onClick={onRemove}>
        Delete clip
      </Button>
    </div>
  );
}
