import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getTemplate, templateKeys, type Template } from '../../api/templates';
import { pickerList } from './picker-lists';
import { TemplateFinder } from './template-finder';

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

/**
 * The template a binding or a batch renders: a list to choose from, or, when the workspace has no such template yet,
 * where to make one (an empty list to choose from would say nothing). The list is TemplateFinder's: the first page by
 * name, and for a long one a box above it that asks the API for the names holding what is typed (`search`), so a
 * template past that page, or past any number of them, is found.
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
  const first = useFirstTemplates(outputFormat);
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
  return <TemplateFinder scope={{ outputFormat }} value={value} onChange={onChange} error={error} />;
}
