import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { bindingKeys, getBinding, listBindingPage } from '../../api/bindings';
import { ApiError } from '../../api/problem';
import { NameFinder, type NameFinderProps, type NameFinderSource, type NamedItem } from '../../kit/name-finder';
import { namedItems } from '../../kit/named-items';

/** How many bindings the finder lists before anything is typed: one page (the API's largest). */
const FIRST_PAGE = 100;

/**
 * The binding `uid` names: from `listed` when it holds it, else read by id (GET /bindings/{uid}); `listed` undefined:
 * the list is still loading, and is waited for. `gone`: the API answered 404 (deleted since, or another workspace's).
 */
export function useBindingName(uid: string, listed: readonly NamedItem[] | undefined) {
  const inList = listed?.find((b) => b.id === uid);
  const alone = useQuery({
    queryKey: bindingKeys.one(uid),
    queryFn: () => getBinding(uid),
    enabled: uid !== '' && listed !== undefined && inList === undefined,
    retry: false,
  });
  const gone = uid !== '' && alone.error instanceof ApiError && alone.error.status === 404;
  return { label: inList?.label ?? alone.data?.name, gone };
}

/**
 * The workspace's bindings as a finder's source: the 100 newest (the API's order; shown by name, two of one name with
 * their ids), GET /bindings?search= for a term, and a chosen one the page does not hold read by id.
 */
const bindingSource: NameFinderSource = {
  noun: 'binding',
  label: 'Binding',
  firstWords: (shown) => `the ${shown} newest`,
  usePage: (search, options) => {
    const query = { limit: FIRST_PAGE, ...(search ? { search } : {}) };
    const page = useQuery({
      queryKey: bindingKeys.page(query),
      queryFn: () => listBindingPage(query),
      enabled: options.enabled,
      ...(options.placeholder ? { placeholderData: keepPreviousData } : {}),
    });
    const data = page.data && {
      items: namedItems(page.data.bindings.map((b) => ({ id: b.uid, name: b.name }))),
      total: page.data.pagination.total,
    };
    return { data, isPlaceholderData: page.isPlaceholderData, error: page.error };
  },
  useChosen: useBindingName,
};

/**
 * A binding chosen by name among the workspace's, however many (NameFinder): the 100 newest, and, past 30, a "Find a
 * binding by name" box that asks the API for the names holding what is typed. The webhook form's Binding filter.
 */
export function BindingFinder(props: NameFinderProps) {
  return <NameFinder source={bindingSource} {...props} />;
}
