import { useId, useState, type DragEvent } from 'react';
import { LiveMessage } from '../../kit/live-message';

/**
 * The upload control: the browser's own file button (keyboard and name stay native), styled like the kit's
 * secondary button, inside a zone that also takes files dropped on it. The server's problem `detail` for
 * a refused file is shown right under it and tied to the input (aria-describedby), so a screen reader hears it.
 * While files upload the input is only marked disabled (aria-disabled; choosing and dropping do nothing), not
 * `disabled`: a disabled input loses focus, and a keyboard user who chose files would be left at the page's top.
 */
export function UploadField({
  label,
  accept,
  hint,
  error,
  busy,
  onFiles,
}: {
  label: string;
  accept: string;
  hint: string;
  error?: string | undefined;
  busy: boolean;
  onFiles: (files: File[]) => void;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (busy) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };
  return (
    <div
      className={`flex flex-col gap-2 rounded-lg border-2 border-dashed p-4 ${over ? 'border-indigo-600 bg-indigo-50' : error ? 'border-red-400' : 'border-slate-300'}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="asset-drop-zone"
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept={accept}
        aria-disabled={busy || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className="text-sm text-slate-700 aria-disabled:opacity-60 file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-solid file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-100"
        // Not opened while busy (a click opens the browser's file chooser).
        onClick={(event) => busy && event.preventDefault()}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0 && !busy) onFiles(files);
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {busy ? 'Uploading…' : hint}
      </p>
      {error && (
        <LiveMessage id={`${id}-error`} tone="error">
          {error}
        </LiveMessage>
      )}
    </div>
  );
}
