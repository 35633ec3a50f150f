import { useEffect, useRef } from 'react';
import { useEditor } from '../editor-context';
import { useDesignVariableNames } from './design-variable-names';
import { useTryValues } from './try-values';

/**
 * The editor opened with the values of a render (a failed render's "Render again", carried-values.ts): once the
 * design is on the canvas it is shown under those values, as "Try values on canvas" would, and a note says whose
 * values they are. They are the page's tried values too, so Render renders with them.
 */
export function CarriedValuesNote({ values }: { values: Record<string, string> | undefined }) {
  const editor = useEditor();
  const tryValues = useTryValues();
  const { valuesToRender } = useDesignVariableNames();
  // Once per visit: "Back to the design" stays back.
  const shown = useRef(false);
  const show = useRef(() => {});
  show.current = () => void tryValues.start(editor, valuesToRender(values ?? {}));
  useEffect(() => {
    if (!values || !editor.ready || shown.current) return;
    shown.current = true;
    show.current();
  }, [values, editor.ready]);
  if (!values) return null;
  return (
    <p role="status" className="rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
      Opened with the values the render used: the canvas shows the design with them, and they are the try values under Variables, to change
      or render again.
    </p>
  );
}
