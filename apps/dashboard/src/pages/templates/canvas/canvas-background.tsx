import { FabricImage } from 'fabric';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../kit/button';
import { TextField } from '../../../kit/field';
import { placeholderShown } from '../../../canvas/colour-previews';
import { ColourSwatch } from './colour-swatch';
import { useEditor } from './editor-context';
import { PlaceholderText } from './property-fields';

/** The canvas background: a colour (saved as `background`) or an image stretched to the canvas (`backgroundImage`). */
export function CanvasBackground() {
  const editor = useEditor();
  const { canvas } = editor;
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const colourId = useId();
  const transparent = canvas !== null && !canvas.backgroundColor;
  const colour = typeof canvas?.backgroundColor === 'string' && canvas.backgroundColor ? canvas.backgroundColor : '#ffffff';
  const placeholder = placeholderShown(editor.backgroundPreview, canvas?.backgroundColor);
  // The colour before Transparent background was pressed, given back when it is pressed again.
  const colourBefore = useRef('#ffffff');
  const setImage = async (event: FormEvent) => {
    event.preventDefault();
    if (!canvas) return;
    setError(undefined);
    try {
      const image = await FabricImage.fromURL(
        url.trim(),
        { crossOrigin: 'anonymous' },
        { originX: 'left', originY: 'top', left: 0, top: 0 },
      );
      image.set({ scaleX: editor.size.width / (image.width || 1), scaleY: editor.size.height / (image.height || 1) });
      canvas.backgroundImage = image;
      editor.changed();
    } catch {
      setError('That image could not be loaded: check the URL (it must allow cross-origin use).');
    }
  };
  return (
    // Disabled until the design has loaded, as the toolbar is: a colour picked earlier would be lost
    // (no canvas yet) or overwritten by the design's own background when it arrives.
    // min-w-0: a fieldset is at least as wide as its contents by default; on a 375 px phone it was wider than the
    // screen (the page scrolled sideways) instead of its image URL form wrapping.
    <fieldset disabled={!editor.ready} className="flex min-w-0 flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <legend className="px-1 text-sm font-semibold">Canvas background</legend>
      {/* The note needs a row of its own; a bare colour swatch does not. */}
      <div className={`flex flex-col gap-1 ${placeholder ? 'basis-full' : ''}`}>
        <label htmlFor={colourId} className="text-sm font-medium text-slate-800">
          Background colour
        </label>
        <ColourSwatch
          id={colourId}
          value={colour}
          caption={transparent ? 'Transparent' : undefined}
          describedBy={placeholder ? `${colourId}-hint` : undefined}
          onChange={(value) => {
            if (!canvas) return;
            canvas.backgroundColor = value;
            editor.changed();
          }}
        />
        {placeholder && (
          <p id={`${colourId}-hint`} className="text-xs text-slate-600">
            <PlaceholderText placeholder={placeholder} />
          </p>
        )}
      </div>
      {/* A toggle: it says its state (pressed while the background is transparent) and, pressed again, gives the colour back. */}
      <Button
        variant="secondary"
        size="sm"
        aria-pressed={transparent}
        className={transparent ? 'border-indigo-700 bg-indigo-50 text-indigo-900 hover:bg-indigo-100' : ''}
        onClick={() => {
          if (!canvas) return;
          if (transparent) canvas.backgroundColor = colourBefore.current;
          else {
            colourBefore.current = colour;
            canvas.backgroundColor = '';
          }
          editor.changed();
        }}
      >
        Transparent background
      </Button>
      <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => void setImage(e)} aria-label="Background image">
        <TextField label="Background image URL" type="url" value={url} onChange={(e) => setUrl(e.target.value)} error={error} />
        <Button type="submit" variant="secondary" disabled={url.trim() === ''}>
          Set background image
        </Button>
      </form>
      {canvas?.backgroundImage && (
        <Button
          variant="ghost"
          onClick={() => {
            canvas.backgroundImage = undefined;
            editor.changed();
          }}
        >
          Remove background image
        </Button>
      )}
    </fieldset>
  );
}
