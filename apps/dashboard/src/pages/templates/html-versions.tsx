import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listTemplateVersions, restoreTemplateVersion, versionKeys, type TemplateVersion } from '../../api/template-versions';
import { getTemplate, templateKeys, type Template } from '../../api/templates';
import { VersionList } from './version-list';

/**
 * An HTML template's saves. Restoring one saves it again on the server and hands the restored template to the
 * editor, whose form then shows it (unsaved edits in the form are replaced, as the restore is itself a save).
 * A save invalidates every template query, this list's too (its key starts with the template's).
 */
export function HtmlVersions({ uid, onRestored }: { uid: string; onRestored: (template: Template) => void }) {
  const queryClient = useQueryClient();
  const versions = useQuery({ queryKey: versionKeys.list(uid), queryFn: () => listTemplateVersions(uid) });
  const restore = useMutation({
    mutationFn: async (version: TemplateVersion) => {
      await restoreTemplateVersion(uid, version.id);
      return getTemplate(uid);
    },
    onSuccess: async (restored) => {
      onRestored(restored);
      queryClient.setQueryData(templateKeys.one(uid), restored);
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
    },
  });
  return <VersionList versions={versions} restore={restore} />;
}
