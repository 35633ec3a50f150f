import { NameFinder, type NameFinderProps, type NameFinderSource, type NamedItem } from '../../kit/name-finder';
import { usePickerPage, type PickerScope } from './picker-lists';
import { templateLabel, useTemplateName } from './template-name';

/**
 * A picker's templates as a finder's source: the first page by name (image/PDF templates, then, for a filter, the
 * video ones marked "(video)"), GET /templates?search= (and /video/templates?search=) for a term, and a chosen one
 * the list does not hold read by id (useTemplateName).
 */
function templateSource(scope: PickerScope): NameFinderSource {
  return {
    noun: 'template',
    label: 'Template',
    // Image/PDF then video templates are not one list by name.
    firstWords: (shown) => `the first ${shown}${scope.withVideo ? '' : ' by name'}`,
    usePage: (search, options) => {
      const page = usePickerPage(scope, search, options);
      const items = page.data?.templates.map((t) => ({ id: t.uid, label: templateLabel(t) }));
      return { ...page, data: page.data && items ? { items, total: page.data.total } : undefined };
    },
    useChosen: (uid: string, listed: readonly NamedItem[] | undefined) => {
      const inList = listed?.find((t) => t.id === uid);
      // Found in the list, it is not read (the name passed is not used: the list's label is).
      const named = useTemplateName(uid, listed && (inList ? [{ uid, name: inList.label }] : []));
      const label = inList?.label ?? (named.name !== undefined ? templateLabel({ name: named.name, video: named.video }) : undefined);
      return { label, gone: named.gone };
    },
  };
}

/**
 * A template chosen by name among the workspace's, however many (NameFinder): a select of the first page
 * (FIRST_PAGE), and, when the workspace has more than 30, a "Find a template by name" box above it that asks the API
 * for the names holding what is typed. What TemplateChoice (Bindings, Batches) and the filters of Renders and Webhooks
 * choose with.
 */
export function TemplateFinder({
  scope,
  ...props
}: NameFinderProps & {
  /** Which templates it lists (video templates too, marked “(video)”, for a filter). */
  scope: PickerScope;
}) {
  return <NameFinder source={templateSource(scope)} {...props} />;
}
