import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { createVideoTemplate, deleteVideoTemplate, listVideoTemplates, videoKeys, type VideoTemplate } from '../../api/video';
import { Alert } from '../../kit/alert';
import { Button, buttonClass } from '../../kit/button';
import { ConfirmDialog } from '../../kit/dialog';
import { Page } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { formatDate } from '../../kit/format';
import { Table } from '../../kit/table';
import { NewTimelineDialog } from './new-timeline-dialog';
import { STARTER_TSX } from './starter-designs';
import { videoEditorPath } from './video-editor-path';

/** The account's video templates, newest first, and the two ways to start one. */
export default function VideoTemplatesPage() {
  const [page, setPage] = useState(1);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [naming, setNaming] = useState(false);
  const templates = useQuery({ queryKey: videoKeys.list(page), queryFn: () => listVideoTemplates(page) });
  // A code template opens the code editor at once (renamed there); a timeline asks its name and size first.
  const create = useMutation({
    mutationFn: () => createVideoTemplate({ name: 'Untitled scene', tsx: STARTER_TSX }),
    onSuccess: async (template) => {
      await queryClient.invalidateQueries({ queryKey: videoKeys.all });
      await navigate(videoEditorPath(template));
    },
  });
  const remove = useMutation({
    mutationFn: (t: VideoTemplate) => deleteVideoTemplate(t.uid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
  return (
    <Page
      title="Video templates"
      actions={
        <>
          <Button onClick={() => setNaming(true)}>New timeline template</Button>
          <Button variant="secondary" busy={create.isPending} onClick={() => create.mutate()}>
            New code template
          </Button>
        </>
      }
    >
      <NewTimelineDialog open={naming} onOpenChange={setNaming} />
      {create.error != null && <Alert>{create.error.message}</Alert>}
      {remove.error != null && <Alert>{remove.error.message}</Alert>}
      <p className="text-sm text-slate-700">
        A timeline template is a video you arrange in the studio: text, pictures, shapes and clips laid out on tracks. A code template is a
        scene written in code (Remotion, TSX), for developers. Both make MP4, WebM or GIF files.
      </p>
      <QueryState query={templates}>
        {(data) =>
          data.templates.length === 0 ? (
            <p className="text-sm text-slate-700">
              No video templates yet. <strong className="font-medium">New timeline template</strong> opens the studio on a starter video
              with a headline to change.
            </p>
          ) : (
            <>
              <Table
                caption="Video templates"
                rows={data.templates}
                rowKey={(t) => t.uid}
                empty="No video templates yet."
                columns={[
                  {
                    header: 'Name',
                    cell: (t) => (
                      <Link className="font-medium text-indigo-700 underline" to={videoEditorPath(t)}>
                        {t.name}
                      </Link>
                    ),
                  },
                  { header: 'Kind', cell: (t) => (t.kind === 'timeline' ? 'Timeline' : 'Code') },
                  { header: 'Size', cell: (t) => `${t.width}×${t.height} · ${t.fps} fps` },
                  { header: 'Length', cell: (t) => `${t.durationSeconds} s` },
                  { header: 'Updated', cell: (t) => formatDate(t.updatedAt) },
                  {
                    header: 'Actions',
                    cell: (t) => (
                      <ConfirmDialog
                        trigger={
                          <Button variant="ghost" aria-label={`Delete ${t.name}`}>
                            Delete
                          </Button>
                        }
                        title={`Delete ${t.name}?`}
                        description="The template is removed; videos already rendered from it stay in the render history."
                        action="Delete template"
                        onConfirm={() => remove.mutate(t)}
                      />
                    ),
                  },
                ]}
              />
              <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
                <button className={buttonClass('secondary')} disabled={!data.pagination.hasPrev} onClick={() => setPage((p) => p - 1)}>
                  Previous page
                </button>
                <span>
                  Page {data.pagination.page} of {Math.max(1, data.pagination.totalPages)}
                </span>
                <button className={buttonClass('secondary')} disabled={!data.pagination.hasNext} onClick={() => setPage((p) => p + 1)}>
                  Next page
                </button>
              </nav>
            </>
          )
        }
      </QueryState>
    </Page>
  );
}
