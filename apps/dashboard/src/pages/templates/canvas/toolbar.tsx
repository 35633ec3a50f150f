import { ActiveSelection, Group } from 'fabric';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../kit/button';
import { useEditor } from './editor-context';
import { LibraryImage } from './library-image';
import type { ShapeKind } from './object-factory';

// Shown as the kind after an "Add" label; named as the whole action (which contains the word shown).
const SHAPES: Array<[ShapeKind, string, string]> = [
  ['text', 'Text', 'Add text'],
  ['rect', 'Rectangle', 'Add rectangle'],
  ['circle', 'Circle', 'Add circle'],
  ['line', 'Line', 'Add line'],
  ['polygon', 'Polygon', 'Add polygon'],
];

/**
 * Adds objects and groups/ungroups the selection. Dense (small buttons, the image URL's label beside its field):
 * it shares one row with the arrange toolbar (tool-row.tsx), so that the canvas starts high on a laptop and a phone.
 */
export function Toolbar() {
  const editor = useEditor();
  const id = useId();
  const [imageUrl, setImageUrl] = useState('');
  const [imageError, setImageError] = useState<string>();
  const errorText = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (imageError) errorText.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [imageError]);
  const active = editor.canvas?.getActiveObject();
  const addImage = async (event: FormEvent) => {
    event.preventDefault();
    setImageError(undefined);
    try {
      await editor.addImage(imageUrl.trim());
      setImageUrl('');
    } catch {
      setImageError('That image could not be loaded: check the URL (it must allow cross-origin use).');
    }
  };
  return (
    <div role="toolbar" aria-label="Add objects" className="flex flex-wrap items-center gap-1">
      <span aria-hidden="true" className="text-xs font-medium text-slate-700">
        Add
      </span>
      {SHAPES.map(([kind, text, label]) => (
        <Button key={kind} variant="secondary" size="sm" aria-label={label} onClick={() => editor.addShape(kind)} disabled={!editor.ready}>
          {text}
        </Button>
      ))}
      <Button variant="secondary" size="sm" onClick={editor.group} disabled={!(active instanceof ActiveSelection)}>
        Group
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={editor.ungroup}
        disabled={!(active instanceof Group) || active instanceof ActiveSelection}
      >
        Ungroup
      </Button>
      <form className="flex flex-wrap items-center gap-1" onSubmit={(e) => void addImage(e)} aria-label="Add image">
        <label htmlFor={id} className="pl-1 text-sm font-medium text-slate-800">
          Image URL
        </label>
        {/* Narrower on a tablet (640–1023 px): the field, its label, Add image and the library's button share a row. */}
        <input
          id={id}
          type="url"
          className={`w-40 rounded-md sm:max-lg:w-32 border bg-white px-2 py-1 text-sm ${imageError ? 'border-red-600' : 'border-slate-300'}`}
          value={imageUrl}
          onChange={(e) => {
            setImageUrl(e.target.value);
            // The message was about the URL as it was: a changed one has not been tried yet.
            setImageError(undefined);
          }}
          placeholder="https://…"
          aria-invalid={imageError ? true : undefined}
          aria-describedby={imageError ? `${id}-error` : undefined}
        />
        <Button type="submit" variant="secondary" size="sm" disabled={!editor.ready || imageUrl.trim() === ''}>
          Add image
        </Button>
        {imageError && (
          // Under the field from sm. Below sm, in the phone's sideways row of tools, beside Add image in a narrow
          // column (a row of its own would be one line as long as the message), scrolled into view clear of the fade.
          <p
            ref={errorText}
            id={`${id}-error`}
            className="basis-full text-sm text-red-700 max-sm:w-56 max-sm:basis-auto max-sm:scroll-mx-8"
          >
            {imageError}
          </p>
        )}
      </form>
      <LibraryImage />
    </div>
  );
}
