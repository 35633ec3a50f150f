import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { listRenders, renderKeys, type RenderItem } from '../../api/renders';
import { Section } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { Table } from '../../kit/table';
import { RenderPreview } from '../renders/render-preview';
import { renderColumn, renderCreatedColumn, renderStatusColumn } from '../renders/render-columns';

/**
 * The workspace's last five renders, each a link to its detail page, named by its template (linked to its editor) as
 * the Renders list names it, from the name each render carries: an id alone says nothing to whoever made the design.
 */
export function RecentRenders() {
  const renders = useQuery({ queryKey: renderKeys.recent, queryFn: () => listRenders({}, undefined, 5) });
  return (
    <Section
      title="Recent renders"
      actions={
        <Link className="text-sm text-indigo-700 underline" to="/renders">
          All renders
        </Link>
      }
    >
      <QueryState query={renders}>
        {(page) => (
          <Table<RenderItem>
            caption="Recent renders, newest first"
            rows={page.items}
            rowKey={(r) => r.id}
            empty="No renders yet: the playground makes one in a click."
            columns={[
              { header: 'Preview', cell: (r) => <RenderPreview render={r} size="small" />, wide: true },
              renderColumn(),
              renderStatusColumn,
              renderCreatedColumn,
            ]}
          />
        )}
      </QueryState>
    </Section>
  );
}
