import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  auditLogCsvUrl,
  auditLogKeys,
  listAuditActors,
  listAuditEvents,
  type AuditEventView,
  type AuditLogFilter,
} from '../../api/audit-log';
import { messageOf } from '../../api/problem';
import { useCurrentSession } from '../../app/session';
import { Alert } from '../../kit/alert';
import { Button, buttonClass } from '../../kit/button';
import { Instant } from '../../kit/instant';
import { Page } from '../../kit/page';
import { SelectField } from '../../kit/select-field';
import { Table, type Column } from '../../kit/table';
import { AUDIT_KINDS, auditActionWords, auditActorWords, auditTargetWords, auditViaWords } from './audit-words';

/**
 * Who changed this workspace's access and delivery settings, newest first (docs/audit-log.md): the page an
 * operator opens when a key stopped working or a webhook went quiet and nobody remembers touching it.
 */
export default function AuditLogPage() {
  const mayRead = useMayReadAuditLog();
  const [filter, setFilter] = useState<AuditLogFilter>({ action: '', actor: '' });
  const events = useInfiniteQuery({
    enabled: mayRead,
    queryKey: auditLogKeys.list(filter),
    queryFn: ({ pageParam }) => listAuditEvents(pageParam, filter),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.pagination.nextCursor ?? undefined,
  });
  const items = events.data?.pages.flatMap((p) => p.items) ?? [];
  // Everyone the log names (also those only on older pages), in the words the table names them.
  const actors = useQuery({ enabled: mayRead, queryKey: auditLogKeys.actors, queryFn: listAuditActors });
  const filtered = filter.action !== '' || filter.actor !== '';
  return (
    <Page
      title="Audit log"
      actions={
        // A plain link: the browser downloads the API's CSV answer with the session cookie, however long the log.
        mayRead && (
          <a className={buttonClass('secondary')} href={auditLogCsvUrl(filter)} download>
            Download CSV
          </a>
        )
      }
    >
      <p className="text-sm text-slate-700">
        Every change to who can reach this workspace and where its renders and events go: API keys, webhooks, storage, the URL-signing
        secret, team members and invitations, passwords and sign-ins. Secrets are never recorded.
      </p>
      {!mayRead ? (
        <p className="text-sm text-slate-700">
          Only the team's owners and admins can read its audit log. Ask one of them if you need to know who changed what.
        </p>
      ) : (
        <>
          <AuditFilters filter={filter} actors={actors.data ?? []} onChange={(change) => setFilter((f) => ({ ...f, ...change }))} />
          {events.isError ? (
            <Alert>{messageOf(events.error)}</Alert>
          ) : events.isPending ? (
            <p className="text-sm text-slate-600">Loading…</p>
          ) : (
            <>
              <Table<AuditEventView>
                caption="Audit log, newest first"
                rows={items}
                rowKey={(e) => e.id}
                empty={
                  filtered
                    ? 'No events match these filters.'
                    : 'Nothing recorded yet. Creating or revoking an API key, changing a webhook or inviting someone is listed here, with who did it and when.'
                }
                columns={columns}
              />
              {events.hasNextPage && (
                <Button variant="secondary" onClick={() => void events.fetchNextPage()} disabled={events.isFetchingNextPage}>
                  {events.isFetchingNextPage ? 'Loading older events…' : 'Show older events'}
                </Button>
              )}
            </>
          )}
        </>
      )}
    </Page>
  );
}

/** What and Who: the API's `action` (a kind) and `actor` filters; Who offers everyone the log names, as the table names them. */
function AuditFilters({
  filter,
  actors,
  onChange,
}: {
  filter: AuditLogFilter;
  actors: readonly AuditEventView['actor'][];
  onChange: (change: Partial<AuditLogFilter>) => void;
}) {
  return (
    <div role="group" aria-label="Filters" className="flex flex-wrap gap-4">
      <SelectField
        label="What"
        value={filter.action}
        onChange={(e) => onChange({ action: e.target.value })}
        options={[['', 'Every change'], ...AUDIT_KINDS]}
      />
      <SelectField
        label="Who"
        value={filter.actor}
        onChange={(e) => onChange({ actor: e.target.value })}
        options={[
          ['', 'Anyone'],
          ...actors.map((actor) => [actor.accountId, auditActorWords(actor)] as const).sort((a, b) => a[1].localeCompare(b[1])),
        ]}
      />
    </div>
  );
}

/** A team's owners and admins read its log; the API refuses its members (docs/audit-log.md), so the page says so instead. */
function useMayReadAuditLog(): boolean {
  const session = useCurrentSession();
  const workspace = session.workspaces.find((w) => w.id === session.workspaceId);
  return workspace?.kind !== 'team' || workspace.role !== 'member';
}

const columns: Column<AuditEventView>[] = [
  // With the reader's time zone, as the time is often compared with server logs (the CSV's times are UTC).
  { header: 'When', cell: (e) => <Instant iso={e.at} zone /> },
  { header: 'Who', cell: (e) => <span className="wrap-anywhere">{auditActorWords(e.actor)}</span> },
  {
    header: 'What',
    cell: (e) => (
      <>
        <p>{auditActionWords(e.action)}</p>
        {auditTargetWords(e.target, e.action) && (
          <p className="text-xs text-slate-700 wrap-anywhere">{auditTargetWords(e.target, e.action)}</p>
        )}
      </>
    ),
  },
  { header: 'How', cell: (e) => <span className="wrap-anywhere">{auditViaWords(e.key, e.actor)}</span> },
  { header: 'From', cell: (e) => e.ip ?? 'Not recorded', wide: true },
];
