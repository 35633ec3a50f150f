import type { FabricText, IText } from 'fabric';
import { useEffect, useRef, useState } from 'react';
import { useEditor } from './editor-context';
import { useTryValues } from './variables/try-values';

/**
 * The words of a text object, edited from a field (the keyboard's way; the canvas's is a double-click). Each
 * keystroke shows on the canvas at once and counts as unsaved, exactly like typing on the canvas: it fires
 * fabric's `text:changed` (auto-fit and the design revision follow it). Like typing on the canvas, the whole edit
 * is one undo step, recorded when the field is left (`commit`, fabric's `object:modified`), however long the
 * pauses between keys. Nothing changes while tried values are shown (the field is locked then too, EditLock).
 */
export function useTextContent(text: FabricText): { value: string; change: (value: string) => void; commit: () => void } {
  const editor = useEditor();
  const { trying } = useTryValues();
  const [value, setValue] = useState(text.text);
  // Typed since the field was entered, not yet an undo step.
  const pending = useRef(false);
  const canvas = editor.canvas;

  // Follows the object when its words change elsewhere (typed on the canvas, a variable bound).
  const current = text.text;
  useEffect(() => setValue(current), [current]);

  const commit = () => {
    if (!pending.current || !canvas) return;
    pending.current = false;
    canvas.fire('object:modified', { target: text });
  };
  // The field goes away mid-edit (another object selected from the keyboard): the edit is still recorded.
  const commitRef = useRef(commit);
  commitRef.current = commit;
  useEffect(() => () => commitRef.current(), []);

  return {
    value,
    commit,
    change: (next) => {
      if (trying || !canvas) return;
      setValue(next);
      text.set('text', next);
      text.initDimensions();
      text.setCoords();
      pending.current = true;
      // fabric types the event for its editable texts; a plain text changes the same way.
      canvas.fire('text:changed', { target: text as IText });
      canvas.requestRenderAll();
    },
  };
}
