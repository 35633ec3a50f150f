import { useEffect, useRef, useState } from 'react';
import type { TemplateDraft, TemplateLayout } from '../../api/templates';
import { Button } from '../../kit/button';
import { TextField } from '../../kit/field';
import { sizeProblem } from '../../kit/image-side';
import { SizeFields } from '../../kit/size-fields';

const KEY = /^[a-z0-9-]{1,64}$/;

/** The template's sizes: switch the preview between them, add one (a key and a size). */
export function LayoutsPanel({
  draft,
  selected,
  onSelect,
  onChange,
}: {
  draft: TemplateDraft;
  selected: string;
  onSelect: (key: string) => void;
  onChange: (layouts: Record<string, TemplateLayout>) => void;
}) {
  const [key, setKey] = useState('');
  const [width, setWidth] = useState(1080);
  const [height, setHeight] = useState(1080);
  // Adding empties the key, which disables Add layout under the keyboard's focus: focus goes on to the new layout's
  // button (it opens pressed), which tells a screen reader what was added, instead of dropping to the page's start.
  const choices = useRef<HTMLDivElement>(null);
  const [added, setAdded] = useState<string | null>(null);
  useEffect(() => {
    if (added === null) return;
    choices.current?.querySelector<HTMLElement>('button[aria-pressed="true"]')?.focus();
    setAdded(null);
  }, [added]);
  const keyError =
    key && !KEY.test(key)
      ? 'Lowercase letters, digits and dashes only.'
      : key === 'default' || key in draft.layouts
        ? 'That layout exists already.'
        : undefined;
  const entries: [string, { width: number; height: number }][] = [
    ['default', { width: draft.width, height: draft.height }],
    ...Object.entries(draft.layouts).map(
      ([k, l]) => [k, { width: l.width ?? draft.width, height: l.height ?? draft.height }] as [string, { width: number; height: number }],
    ),
  ];
  return (
    <div className="flex flex-col gap-3">
      <div ref={choices} role="group" aria-label="Preview layout" className="flex flex-wrap gap-2">
        {entries.map(([k, s]) => (
          <Button key={k} variant={k === selected ? 'primary' : 'secondary'} aria-pressed={k === selected} onClick={() => onSelect(k)}>
            {k} · {s.width}×{s.height}
          </Button>
        ))}
      </div>
      <p className="text-xs text-slate-600">Click a layout to preview and render at its size.</p>
      <fieldset className="flex flex-col gap-2 rounded border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium">New layout</legend>
        <p className="text-xs text-slate-600">The same design at another size (a square post, a story): give it a key and a size.</p>
        <div className="grid grid-cols-3 items-end gap-2">
          <TextField label="Layout key" value={key} onChange={(e) => setKey(e.target.value)} error={keyError} />
          <SizeFields of="Layout" width={width} height={height} onWidth={setWidth} onHeight={setHeight} />
        </div>
        <Button
          variant="secondary"
          className="self-start"
          disabled={!key || keyError !== undefined || sizeProblem(width) !== undefined || sizeProblem(height) !== undefined}
          onClick={() => {
            onChange({ ...draft.layouts, [key]: { width, height } });
            onSelect(key);
            setKey('');
            setAdded(key);
          }}
        >
          Add layout
        </Button>
      </fieldset>
    </div>
  );
}
