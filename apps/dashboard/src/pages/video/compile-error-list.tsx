import type { CompilerError } from '../../api/video-code';
import { plural } from '../../kit/plural';

/**
 * The compiler's messages from the last save, beside the editor. Each placed message is a button that moves
 * the editor's cursor to it; messages without a place (a missing `meta`, a missing default export) are text.
 */
export function CompileErrorList({
  errors,
  onJump,
}: {
  errors: readonly CompilerError[];
  onJump: (place: { line: number; column: number }) => void;
}) {
  if (errors.length === 0) return null;
  return (
    <section
      aria-label="Compile errors"
      className="flex flex-col gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
    >
      <h2 className="font-semibold">The scene does not compile ({plural(errors.length, 'error')})</h2>
      <ul className="flex flex-col gap-1">
        {errors.map((error, i) => (
          <li key={`${i}:${error.message}`} className="wrap-anywhere">
            {error.line === null ? (
              error.message
            ) : (
              <button
                type="button"
                className="text-left underline decoration-dotted hover:decoration-solid"
                onClick={() => onJump({ line: error.line!, column: error.column ?? 1 })}
              >
                Line {error.line}, column {error.column ?? 1}: {error.message}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
