import { NAME_SEARCH_MAX } from '@pressroom/contracts/constants';
import { useState } from 'react';
import { messageOf } from '../../api/problem';
import { TextField } from '../../kit/field';
import { formatCount } from '../../kit/format';
import { fieldError } from '../../kit/form';
import { plural } from '../../kit/plural';
import { SelectField } from '../../kit/select-field';
import { useSettledText } from '../../kit/settled-text';
import { usePickerPage, type PickerScope } from './picker-lists';
import { templateLabel, useTemplateName } from './template-name';

/** Past this many templates, a list to scroll is long: a box to find one by name asks the API for the names holding it. */
const FIND_FROM = 30;

/**
 * What the box says under itself: how many match of how many, and where to choose (or to type more). `byName`: the
 * list is one list by name (not image templates by name, then video ones).
 */
function findHint(term: string, matches: number | undefined, shown: number, total: number, byName: boolean): string {
  const all = plural(total, 'template');
  if (!term) {
    if (total <= shown) return `${all}.`;
    return `${all}: the first ${shown}${byName ? ' by name' : ''} are below; type part of a name to find another.`;
  }
  if (matches === undefined) return `Looking for templates named like “${term}”…`;
  const more =
    matches > shown ? `the first ${shown} are in Template below; type more of the name to narrow them.` : 'choose one in Template below.';
  return `${formatCount(matches)} of ${all} match: ${more}`;
}

/**
 * A template chosen by name among the workspace's, however many: a select of the first page (FIRST_PAGE), and, when
 * the workspace has more than FIND_FROM, a box above it that asks the API for the names holding what is typed
 * (`search`), so a template past that page is found. The chosen one stays in the list (first, when the list does not
 * hold it), named by reading it by id, so the select never shows another. What TemplateChoice (Bindings, Batches) and
 * the filters of Renders and Webhooks choose with.
 */
export function TemplateFinder({
  scope,
  value,
  onChange,
  any,
  unlisted = (uid) => uid,
  typedIdHint,
  error,
}: {
  /** Which templates it lists (video templates too, marked “(video)”, for a filter). */
  scope: PickerScope;
  value: string;
  onChange: (uid: string) => void;
  /** A first choice meaning no template in particular (a filter's "All templates"), its value ''. */
  any?: string | undefined;
  /** How a chosen uid not in the list and not named reads: `gone`, the API answered it is not in the workspace. */
  unlisted?: ((uid: string, gone: boolean) => string) | undefined;
  /** Should the list not load, the field takes the template's id as text, this hint saying where it is found. */
  typedIdHint?: string | undefined;
  /** The API's refusal of the chosen template (ApiError.fieldError), shown beside the list. */
  error?: string | undefined;
}) {
  const [find, setFind] = useState('');
  // What the API is asked for: the box's text once typing pauses, or at once on Enter.
  const [term, searchNow] = useSettledText(find);
  const first = usePickerPage(scope);
  const total = first.data?.total;
  const long = total !== undefined && total > FIND_FROM;
  const searching = long && term !== '';
  // The last answer stays shown while the next term's is asked, so the list does not empty under the pointer.
  const found = usePickerPage(scope, term, { enabled: searching, placeholder: true });
  const chosen = useTemplateName(value, first.data?.templates);
  if (first.error && typedIdHint !== undefined) {
    return (
      <TextField
        label="Template"
        value={value}
        onChange={(e) => onChange(e.target.value.trim())}
        error={error}
        hint={`The list could not be loaded: ${typedIdHint}`}
      />
    );
  }
  // An answer for another term (kept while this one's is asked) is not this term's.
  const answer = searching && !found.isPlaceholderData ? found.data : undefined;
  const listed = (searching ? (found.data ?? first.data) : first.data)?.templates ?? [];
  // A template the list does not hold (past the first page, found by an earlier search, deleted since) stays chosen.
  const keptLabel = chosen.name !== undefined ? templateLabel({ name: chosen.name, video: chosen.video }) : unlisted(value, chosen.gone);
  const kept = value && !listed.some((t) => t.uid === value) ? [[value, keptLabel] as const] : [];
  const searchError = fieldError(found.error, 'search') ?? (found.error ? messageOf(found.error) : undefined);
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
          hint={findHint(searching ? term : '', answer?.total, listed.length, total, !scope.withVideo)}
          error={searchError}
        />
      )}
      <SelectField
        label="Template"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        options={[...(any !== undefined ? [['', any] as const] : []), ...kept, ...listed.map((t) => [t.uid, templateLabel(t)] as const)]}
        error={error}
        aria-busy={(first.data === undefined && !first.error) || undefined}
      />
    </>
  );
}
