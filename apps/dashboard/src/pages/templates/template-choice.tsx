import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NAME_SEARCH_MAX } from '@pressroom/contracts/constants';
import { useState } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../../api/problem';
import { getTemplate, listEveryTemplate, listTemplates, templateKeys, type Template } from '../../api/templates';
import { TextField } from '../../kit/field';
import { formatCount } from '../../kit/format';
import { fieldError } from '../../kit/form';
import { plural } from '../../kit/plural';
import { SelectField } from '../../kit/select-field';
import { useSettledText } from '../../kit/settled-text';

/**
 * Every template of the workspace in `outputFormat`, by name, read whole (listEveryTemplate pages through them): what
 * names a template by its uid in a list of renders or batches. A picker does not need it (useFirstTemplates and the
 * API's search), nor does the gallery's search by name.
 */
export function useEveryTemplate(outputFormat: 'all' | 'image') {
  return useQuery({
    queryKey: templateKeys.list({ sort: 'name', outputFormat, every: true }),
    queryFn: () => listEveryTemplate({ sort: 'name', outputFormat }),
  });
}

/** How many templates a picker lists before anything is typed: one page by name (the API's largest). */
const FIRST_PAGE = 100;

/** A picker's templates by name, one page of FIRST_PAGE; `search`: only the names containing it (asked of the API). */
const pickerList = (outputFormat: 'all' | 'image', search = '') => ({
  queryKey: templateKeys.list({ sort: 'name', outputFormat, limit: FIRST_PAGE, ...(search ? { search } : {}) }),
  queryFn: () => listTemplates({ sort: 'name', outputFormat, limit: FIRST_PAGE, search }),
});

/** The first templates by name and how many the workspace has (`pagination.total`): what a picker shows before anything is typed. */
export const useFirstTemplates = (outputFormat: 'all' | 'image') => useQuery(pickerList(outputFormat));

/**
 * The template `uid` names, whole (its design, variables and sizes): from the first page when it holds it, else read
 * on its own (GET /templates/{uid}, keyed as the editors key it), as one found by the picker's search is. With
 * `orFirst`, no uid (or one no longer there) means the first template, as a form's default choice. `first`: the first
 * page (undefined while it loads); `gone`: the uid was read and is not in the workspace (deleted since).
 */
export function useChosenTemplate(outputFormat: 'all' | 'image', uid: string, options: { orFirst?: boolean } = {}) {
  const first = useFirstTemplates(outputFormat);
  const listed = first.data?.templates.find((t) => t.uid === uid);
  const alone = useQuery({
    queryKey: templateKeys.one(uid),
    queryFn: () => getTemplate(uid),
    enabled: uid !== '' && first.data !== undefined && listed === undefined,
  });
  const gone = uid !== '' && alone.isError;
  const fallback = options.orFirst && (uid === '' || gone) ? first.data?.templates[0] : undefined;
  const template: Template | undefined = listed ?? alone.data ?? fallback;
  const loading = !template && (first.isPending || (alone.isPending && alone.fetchStatus !== 'idle'));
  return { template, first: first.data, gone, loading };
}

/** Past this many templates, a list to scroll is long: a box to find one by name asks the API for the names holding it. */
const FIND_FROM = 30;

/** What the box says under itself: how many match of how many, and where to choose (or to type more). */
function findHint(term: string, matches: number | undefined, shown: number, total: number): string {
  const all = plural(total, 'template');
  if (!term) return total > shown ? `${all}: the first ${shown} by name are below; type part of a name to find another.` : `${all}.`;
  if (matches === undefined) return `Looking for templates named like “${term}”…`;
  const more =
    matches > shown ? `the first ${shown} are in Template below; type more of the name to narrow them.` : 'choose one in Template below.';
  return `${formatCount(matches)} of ${all} match: ${more}`;
}

/**
 * The template a binding or a batch renders: a list to choose from, or, when the workspace has no such template yet,
 * where to make one (an empty list to choose from would say nothing). The list is the first page by name; a long one
 * has a box above it that asks the API for the names holding what is typed (`search`), so a template past that page,
 * or past any number of them, is found. The chosen one stays in the list (first, when the list does not hold it), so
 * the select never shows another.
 */
export function TemplateChoice({
  outputFormat,
  value,
  onChange,
  renders,
  error,
}: {
  /** Which templates it lists: `image` for a binding (it renders images), `all` for a batch. */
  outputFormat: 'all' | 'image';
  value: string;
  onChange: (uid: string) => void;
  /** What renders the template, for the empty state: "a binding renders one". */
  renders: string;
  /** The API's refusal of the chosen template (ApiError.fieldError), shown beside the list. */
  error?: string | undefined;
}) {
  const [find, setFind] = useState('');
  // What the API is asked for: the box's text once typing pauses, or at once on Enter.
  const [term, searchNow] = useSettledText(find);
  const first = useFirstTemplates(outputFormat);
  // The last answer stays shown while the next term's is asked, so the list does not empty under the pointer.
  const found = useQuery({ ...pickerList(outputFormat, term), enabled: term !== '', placeholderData: keepPreviousData });
  const chosen = useChosenTemplate(outputFormat, value);
  const total = first.data?.pagination.total;
  if (total === 0) {
    return (
      <p className="text-sm text-slate-700">
        No image templates yet: {renders}. Make one under{' '}
        <Link className="text-indigo-700 underline" to="/templates">
          Templates
        </Link>
        , or copy one from the{' '}
        <Link className="text-indigo-700 underline" to="/templates/starters">
          Starter gallery
        </Link>
        .
      </p>
    );
  }
  const long = total !== undefined && total > FIND_FROM;
  const searching = long && term !== '';
  // An answer for another term (kept while this one's is asked) is not this term's.
  const answer = searching && !found.isPlaceholderData ? found.data : undefined;
  const listed = (searching ? (found.data ?? first.data) : first.data)?.templates ?? [];
  // A template the list does not hold (found by an earlier search, deleted since) stays chosen, by name when known.
  const kept = value && !listed.some((t) => t.uid === value) ? [{ uid: value, name: chosen.template?.name ?? value }] : [];
  const searchError = fieldError(found.error, 'search') ?? (found.isError ? messageOf(found.error) : undefined);
  return (
    <>
      {long && (
        <TextField
          label="Find a template by name"
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
          hint={findHint(searching ? term : '', answer?.pagination.total, listed.length, total)}
          error={searchError}
        />
      )}
      <SelectField
        label="Template"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        options={[...kept, ...listed].map((t) => [t.uid, t.name] as const)}
        error={error}
      />
    </>
  );
}
