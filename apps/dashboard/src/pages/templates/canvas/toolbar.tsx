import { ActiveSelection, Group } from 'fabric';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../kit/button';
import { TextField } from '../../../kit/field';
import { useEditor } from './editor-context';
import { LibraryImage } from './library-image';
import type { ShapeKind } from './object-factory';

const SHAPES: Array<[ShapeKind, string]> = [
  ['text', 'Add text'],
  ['rect', 'Add rectangle'],
  ['circle', 'Add circle'],
  ['line', 'Add line'],
  ['polygon', 'Add polygon'],
];

/** Adds objects and groups/ungroups the selection. */
export function Toolbar() {
  const editor = useEditor();
  const [imageUrl, setImageUrl] = useState('');
  const [imageError, setImageError] = useState<string>();
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
    <div role="toolbar" aria-label="Add objects" className="flex flex-wrap items-end gap-2">
      {SHAPES.map(([kind, label]) => (
        <Button key={kind} variant="secondary" onClick={() => editor.addShape(kind)} disabled={!editor.ready}>
          {label}
        </Button>
      ))}
      <Button variant="secondary" onClick={editor.group} disabled={!(active instanceof ActiveSelection)}>
        Group
      </Button>
      <Button variant="secondary" onClick={editor.ungroup} disabled={!(active instanceof Group) || active instanceof ActiveSelection}>
        Ungroup
      </Button>
      <form className="flex items-end gap-2" onSubmit={(e) => void addImage(e)} aria-label="Add image">
        <TextField
          label="Image URL"
          type="url"
          value={imageUrl}
          onChange={(e) => setImageUrl(e.target.value)}
          error={imageError}
          placeholder="https://…"
        />
        <Button type="submit" variant="secondary" disabled={!editor.ready || imageUrl.trim() === ''}>
          Add image
        </Button>
      </form>
      <LibraryImage />
    </div>
  );
}
