import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ActiveSelection } from 'fabric';
import { useEffect, useRef } from 'react';
import {
  listTemplateVersions,
  restoreTemplateVersion,
  uploadVersionThumbnail,
  versionKeys,
  type TemplateVersion,
} from '../../../../api/template-versions';
import { getTemplate, templateKeys, type Template } from '../../../../api/templates';
import { useEditor, type EditorApi } from '../editor-context';
import { thumbnailScale } from '../../thumbnail';
import { VersionList } from '../../version-list';
import { useUnsavedDesign } from '../unsaved-design';
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
  const unsaved = useUnsavedDesign();
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
      // A restore is a save: what the canvas shows now is saved.
      unsaved.markSaved();
      queryClient.setQueryData(templateKeys.one(restored.uid), restored);
      await queryClient.invalidateQueries({ queryKey: versionKeys.list(template.uid) });
    },
  });

  return (
    <section aria-label="Versions" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <h2 className="text-lg font-semibold">Versions</h2>
      <VersionList versions={versions} restore={restore} />
    </section>
  );
}
