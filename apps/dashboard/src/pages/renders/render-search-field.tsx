import { useEffect, useRef, useState } from 'react';
import { TextField } from '../../kit/field';
import { SEARCH_MAX_CHARS } from './render-filters';

/** How long typing pauses before the list is asked again: one request per word typed, not one per key. */
const PAUSE_MS = 350;

/**
 * The Renders list's search box. What is typed goes to the address (`q`) once typing pauses, or at once on Enter;
 * `value` is the address's search, which the box shows when it changes without typing (a link, Back).
 * `error`: the API's refusal of the search (an edited address longer than the box allows), shown under the box.
 */
export function RenderSearchField({
  value,
  onSearch,
  error,
  className = '',
}: {
  value: string;
  onSearch: (q: string) => void;
  error?: string | undefined;
  /** Where the box sits in the page's filter row (its grid cell). */
  className?: string;
}) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    // The address's search is the box's, trimmed: a space typed last stays in the box.
    if (value !== text.trim()) setText(value);
  }
  // The latest callback, so a re-render of the page (its templates arriving) does not restart the pause.
  const search = useRef(onSearch);
  search.current = onSearch;
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => search.current(text.trim()), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <TextField
      label="Search"
      type="search"
      className={className}
      placeholder="Id, page address or value"
      // One short line: in the 1280 px filter row a longer hint wrapped to three lines under the box.
      hint="An id, a page address or a value"
      maxLength={SEARCH_MAX_CHARS}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') search.current(text.trim());
      }}
      error={error}
    />
  );
}
