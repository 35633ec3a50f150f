import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  listTemplateVersions,
  restoreTemplateVersion,
  uploadVersionThumbnail,
  versionKeys,
  type TemplateVersion,
} from '../../../../api/template-versions';
import { getTemplate, type Template } from '../../../../api/templates';
import { useEditor } from '../editor-context';
import { VersionList } from '../../version-list';
import { useCanvasSave } from '../save-bar';
import { useDefinitions } from '../variables/definitions';
import { useTryValues } from '../variables/try-values';
import { versionThumbnail } from './version-thumbnail';

/**
 * The last 20 saves with restore. After each save the newest version gets the design drawn by fabric in the
 * browser as its thumbnail (ADR 0037), with the variables' sample values in place of their placeholders
 * (version-thumbnail.ts): the version list shows it, and so does the templates list.
 */
export function VersionsPanel({ template }: { template: Template }) {
  const editor = useEditor();
  const tryValues = useTryValues();
  const save = useCanvasSave();
  const definitions = useDefinitions();
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
    sent.current.add(newest.id);
    // The design under tried values, with the definitions as edited (as saved, right after a save).
    void versionThumbnail(tryValues.designToSave(editor), definitions.definitions, editor.size)
      .then((image) => uploadVersionThumbnail(template.uid, newest.id, image))
      .then(() => queryClient.invalidateQueries({ queryKey: versionKeys.list(template.uid) }))
      // Not re-armed: the effect runs on every editor revision (each drag step), so a retry per change turned one
      // refused upload into a storm of them (429s). The next save makes a new version with its own thumbnail.
      .catch(() => {});
  }, [newest, editor, tryValues, definitions.definitions, template.uid, queryClient]);

  const restore = useMutation({
    mutationFn: async (version: TemplateVersion) => {
      await restoreTemplateVersion(template.uid, version.id);
      return getTemplate(template.uid);
    },
    onSuccess: async (restored) => {
      // A restore is a save: the canvas shows it as saved, and Save's next If-Match is its revision.
      await save.adopt(restored);
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
