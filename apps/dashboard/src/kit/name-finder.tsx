import { NAME_SEARCH_MAX } from '@pressroom/contracts/constants';
import { useState } from 'react';
import { messageOf } from '../api/problem';
import { TextField } from './field';
import { formatCount } from './format';
import { fieldError } from './form';
import { plural } from './plural';
import { SelectField } from './select-field';
import { useSettledText } from './settled-text';

/** Past this many items, a list to scroll is long: a box to find one by name asks the API for the names holding it. */
const FIND_FROM = 30;

/** One choice of a finder: its id (the select's value) and the words it is shown by. */
export interface NamedItem {
  id: string;
  label: string;
}

/** What a finder lists: one page of its items and how many there are in all (of the search's matches, when searching). */
export interface NamedPage {
  items: NamedItem[];
  total: number;
}

/** One list's answer as a finder reads it: undefined until it answers; `isPlaceholderData`: an earlier term's, kept. */
export interface NamedPageAnswer {
  data: NamedPage | undefined;
  isPlaceholderData: boolean;
  error: unknown;
}

/**
 * Where a finder's items come from: a named list of the API that takes `search` (GET /templates, GET /bindings), and
 * reading one by id. Both are hooks, called on every render of the finder in the same order.
 */
export interface NameFinderSource {
  /** What one item is called: "template", "binding". */
  noun: string;
  /** The select's label: "Template", "Binding". */
  label: string;
  /** How the first page is said in the hint: "the first 100 by name", "the 100 newest". */
  firstWords: (shown: number) => string;
  /** One page of the list; `search`: only the names holding it (blank: the first page). `placeholder`: as usePickerPage. */
  usePage: (search: string, options: { enabled: boolean; placeholder: boolean }) => NamedPageAnswer;
  /**
   * The chosen id's words: from `listed` when it holds it, else read by id (`listed` undefined: still loading, waited
   * for). `gone`: the API answered 404 (deleted since, or never this workspace's).
   */
  useChosen: (id: string, listed: readonly NamedItem[] | undefined) => { label: string | undefined; gone: boolean };
}

/**
 * What the box says under itself: how many match of how many, and where to choose (or to type more).
 */
function findHint(source: NameFinderSource, term: string, matches: number | undefined, shown: number, total: number): string {
  const all = plural(total, source.noun);
  if (!term) {
    if (total <= shown) return `${all}.`;
    return `${all}: ${source.firstWords(shown)} are below; type part of a name to find another.`;
  }
  if (matches === undefined) return `Looking for ${source.noun}s named like “${term}”…`;
  const more =
    matches > shown
      ? `the first ${shown} are in ${source.label} below; type more of the name to narrow them.`
      : `choose one in ${source.label} below.`;
  return `${formatCount(matches)} of ${all} match: ${more}`;
}

/** What a finder is given besides its source: TemplateFinder and BindingFinder pass these on as they are. */
export interface NameFinderProps {
  value: string;
  onChange: (id: string) => void;
  /** A first choice meaning no item in particular (a filter's "Any binding"), its value ''. */
  any?: string | undefined;
  /** How a chosen id not in the list and not named reads: `gone`, the API answered it is not in the workspace. */
  unlisted?: ((id: string, gone: boolean) => string) | undefined;
  /** Should the list not load, the field takes the item's id as text, this hint saying where it is found. */
  typedIdHint?: string | undefined;
  /** The API's refusal of the chosen item (ApiError.fieldError), shown beside the list. */
  error?: string | undefined;
}

/**
 * An item of a named list chosen by name, however many the workspace has: a select of the list's first page, and, when
 * it holds more than FIND_FROM, a box above it ("Find a template by name") that asks the API for the names holding
 * what is typed (`search`), so an item past that page is found. The chosen one stays in the list (first, when the list
 * does not hold it), named by reading it by id, so the select never shows another. TemplateFinder and BindingFinder
 * are this with their lists.
 */
export function NameFinder({
  source,
  value,
  onChange,
  any,
  unlisted = (id) => id,
  typedIdHint,
  error,
}: NameFinderProps & { source: NameFinderSource }) {
  const [find, setFind] = useState('');
  // What the API is asked for: the box's text once typing pauses, or at once on Enter.
  const [term, searchNow] = useSettledText(find);
  const first = source.usePage('', { enabled: true, placeholder: false });
  const total = first.data?.total;
  const long = total !== undefined && total > FIND_FROM;
  const searching = long && term !== '';
  // The last answer stays shown while the next term's is asked, so the list does not empty under the pointer.
  const found = source.usePage(term, { enabled: searching, placeholder: true });
  const chosen = source.useChosen(value, first.data?.items);
  if (first.error && typedIdHint !== undefined) {
    return (
      <TextField
        label={source.label}
        value={value}
        onChange={(e) => onChange(e.target.value.trim())}
        error={error}
        hint={`The list could not be loaded: ${typedIdHint}`}
      />
    );
  }
  // An answer for another term (kept while this one's is asked) is not this term's.
  const answer = searching && !found.isPlaceholderData ? found.data : undefined;
  const listed = (searching ? (found.data ?? first.data) : first.data)?.items ?? [];
  // An item the list does not hold (past the first page, found by an earlier search, deleted since) stays chosen.
  const kept = value && !listed.some((t) => t.id === value) ? [[value, chosen.label ?? unlisted(value, chosen.gone)] as const] : [];
  const searchError = fieldError(found.error, 'search') ?? (found.error ? messageOf(found.error) : undefined);
  // The first page could not be read (and no id can be typed instead): said beside the select, which then holds only
  // "any" and the chosen one, rather than a list of nothing that says nothing of why.
  const listError = first.error ? `The ${source.noun}s could not be listed: ${messageOf(first.error)}` : undefined;
  return (
    <>
      {long && (
        <TextField
          label={`Find a ${source.noun} by name`}
          type="search"
          value={find}
          maxLength={NAME_SEARCH_MAX}
          onChange={(e) => setFind(e.target.value)}
          // Enter here searches at once; it does not submit the form around it.
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            searchNow();
          }}
          hint={findHint(source, searching ? term : '', answer?.total, listed.length, total)}
          // How many match is news as the answer comes: said aloud while focus stays in the box.
          liveHint
          error={searchError}
        />
      )}
      <SelectField
        label={source.label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        options={[...(any !== undefined ? [['', any] as const] : []), ...kept, ...listed.map((t) => [t.id, t.label] as const)]}
        error={error ?? listError}
        aria-busy={(first.data === undefined && !first.error) || undefined}
      />
    </>
  );
}
