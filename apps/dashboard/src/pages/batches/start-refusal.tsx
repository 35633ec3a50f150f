import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../../api/problem';
import { Alert } from '../../kit/alert';
import { plural } from '../../kit/plural';
import { refusedItemLimit, rowsPerBatch } from './batch-limit';

const linkClass = 'text-indigo-700 underline';

/**
 * A refused start, said beside the Start button where the user is (not at the top of a long form), scrolled into
 * view; a batch over the plan's items-per-batch limit also gets what to do next in plain words.
 */
export function StartRefusal({ error, layoutCount }: { error: unknown; layoutCount: number }) {
  const box = useRef<HTMLDivElement>(null);
  // A block body: an effect may return only a cleanup function, never what scrollIntoView returns.
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);
  const limit = refusedItemLimit(error);
  return (
    <div ref={box}>
      <Alert>
        <p>{messageOf(error)}</p>
        {limit !== null && (
          <p className="mt-1">
            Next step: split the file into batches of at most {plural(rowsPerBatch(limit, layoutCount), 'row')}
            {layoutCount > 1 ? ` (each row renders once per size, ${layoutCount} here)` : ''} and start each one, or ask the instance owner
            to change the plan (see{' '}
            <Link className={linkClass} to="/settings/usage">
              Usage and plan
            </Link>
            ).
          </p>
        )}
      </Alert>
    </div>
  );
}
