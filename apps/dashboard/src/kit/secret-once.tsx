import { useId } from 'react';
import { Alert } from './alert';
import { CopyButton } from './copy-button';

/** A secret the server shows only this once (a new key, a webhook signing secret), with a Copy button. */
export function SecretOnce({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <div id={`${id}-warning`}>
        <Alert tone="info">Copy it now: it is shown only this once and cannot be retrieved later.</Alert>
      </div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          aria-describedby={`${id}-warning`}
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
        />
        <CopyButton text={value} />
      </div>
    </div>
  );
}
