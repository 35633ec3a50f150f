import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ActiveSelection } from 'fabric';
import { useEffect, useRef } from 'react';
import { messageOf } from '../../../../api/problem';
import {
  listTemplateVersions,
  restoreTemplateVersion,
  uploadVersionThumbnail,
  versionKeys,
  type TemplateVersion,
} from '../../../../api/template-versions';
import { getTemplate, templateKeys, type Template } from '../../../../api/templates';
import { Alert } from '../../../../kit/alert';
import { Button } from '../../../../kit/button';
import { useEditor, type EditorApi } from '../editor-context';
import { thumbnailScale } from '../../thumbnail';
import { useTryValues } from '../variables/try-values';

function canvasThumbnail(editor: EditorApi): string | null {
  const { canvas, size } = editor;
  if (!canvas) return null;
  // The on-screen canvas is the design size × zoom (interactions/canvas-zoom.ts): divide the zoom out.
  const multiplier = thumbnailScale(size) / canvas.getZoom();
  // No selection handles in the picture, and the user's selection back afterwards: saving must not deselect.
  const selected = canvas.getActiveObjects();
  canvas.discardActiveObject();
  const url = canvas.toDataURL({ format: 'png', multiplier });
  if (selected.length === 1) canvas.setActiveObject(selected[0]!);
  else if (selected.length > 1) canvas.setActiveObject(new ActiveSelection(selected, { canvas }));
  canvas.requestRenderAll();
  return url;
}

/**
 * The last 20 saves with restore. After each save the newest version gets the canvas's own PNG export as
 * its thumbnail (ADR 0037): the version list shows it, and so does the templates list.
 */
export function VersionsPanel({ template }: { template: Template }) {
  const editor = useEditor();
  const tryValues = useTryValues();
  const queryClient = useQueryClient();
  const versions = useQuery({ queryKey: versionKeys.list(template.uid), queryFn: () => listTemplateVersions(template.uid) });
  const sent = useRef(new Set<string>());

  // A newer save (the template's updatedAt moves): reread the history.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: versionKeys.list(template.uid) });
  }, [template.updatedAt, template.uid, queryClient]);

  const newest: TemplateVersion | undefined = versions.data?.[0];
  useEffect(() => {
    if (!newest || newest.thumbnail || !editor.ready || tryValues.trying || sent.current.has(newest.id)) return;
    const image = canvasThumbnail(editor);
    if (!image) return;
    sent.current.add(newest.id);
    void uploadVersionThumbnail(template.uid, newest.id, image)
      .then(() => queryClient.invalidateQueries({ queryKey: versionKeys.list(template.uid) }))
      // Not re-armed: the effect runs on every editor revision (each drag step), so a retry per change turned one
      // refused upload into a storm of them (429s). The next save makes a new version with its own thumbnail.
      .catch(() => {});
  }, [newest, editor, tryValues.trying, template.uid, queryClient]);

  const restore = useMutation({
    mutationFn: async (version: TemplateVersion) => {
      await restoreTemplateVersion(template.uid, version.id);
      return getTemplate(template.uid);
    },
    onSuccess: async (restored) => {
      if (tryValues.trying) await tryValues.stop(editor);
      if (restored.fabricJSData) await editor.load(restored.fabricJSData);
      queryClient.setQueryData(templateKeys.one(restored.uid), restored);
      await queryClient.invalidateQueries({ queryKey: versionKeys.list(template.uid) });
    },
  });

  return (
    <section aria-label="Versions" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <h2 className="text-lg font-semibold">Versions</h2>
      <p className="text-xs text-slate-600">The last 20 saves. Restoring one is a save too.</p>
      {versions.isError && <Alert>{messageOf(versions.error)}</Alert>}
      {restore.isError && <Alert>{messageOf(restore.error)}</Alert>}
      <p aria-live="polite" className="text-sm">
        {restore.isSuccess && !restore.isPending && <span className="text-green-800">Restored version {restore.variables.number}.</span>}
      </p>
      <ol aria-label="Saved versions, newest first" className="flex flex-col gap-2">
        {(versions.data ?? []).map((version) => (
          <li key={version.id} className="flex items-center gap-2 border-t border-slate-200 pt-2">
            {version.thumbnail ? (
              <img src={version.thumbnail} alt={`Version ${version.number}`} className="h-10 w-16 border border-slate-200 object-contain" />
            ) : (
              <span className="h-10 w-16 border border-dashed border-slate-300" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium">Version {version.number}</p>
              <p className="text-xs wrap-anywhere text-slate-600">
                <time dateTime={version.createdAt}>{new Date(version.createdAt).toLocaleString()}</time> · {version.createdBy}
              </p>
            </div>
            {version.id !== newest?.id && (
              <Button
                variant="secondary"
                busy={restore.isPending && restore.variables.id === version.id}
                onClick={() => restore.mutate(version)}
                aria-label={`Restore version ${version.number}`}
              >
                Restore
              </Button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
