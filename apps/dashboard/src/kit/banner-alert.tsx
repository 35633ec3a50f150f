import { Alert } from './alert';
import { MessageText } from './message-text';

/**
 * A form's failure as formBanner words it: its lines, then the reasons no field shows. One unshown reason with
 * no line of its own reads as a sentence; several (or one after a line) as a list.
 */
export function BannerAlert({ lines, unshown }: { lines: readonly string[]; unshown: readonly string[] }) {
  const listed = unshown.length > 1 || (unshown.length === 1 && lines.length > 0);
  return (
    <Alert>
      {[...lines, ...(listed ? [] : unshown)].map((line, i) => (
        <p key={i}>
          <MessageText text={line} />
        </p>
      ))}
      {listed && (
        <ul className="mt-1 list-disc pl-5">
          {unshown.map((m, i) => (
            <li key={i}>
              <MessageText text={m} />
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
