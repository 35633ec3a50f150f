import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { messageOf } from '../../api/problem';
import { saveConflictOf } from '../../api/save-conflict';
import { deleteTemplate, duplicateTemplate, templateKeys, updateTemplate, type Template } from '../../api/templates';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { ConfirmDialog, Dialog, DialogActions } from '../../kit/dialog';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { editorPathOf } from '../../canvas/editor-path';
import { StaleChangeAlert } from './save-conflict-alert';
import { attachSavedThumbnail } from './thumbnail';

/**
 * Duplicate and Delete for a saved template, beside its title, in both editors (and Rename in the canvas editor, whose
 * page has no name field). Duplicate copies the saved template, everything that describes it (pages, output, tags…);
 * leaving for the copy with unsaved edits asks first, as any navigation does. Delete asks once and then leaves
 * without a second "leave without saving?".
 */
export function TemplateActions({
  template,
  renameable = false,
  ifMatch,
  onRenamed,
  onLoadTheirs,
}: {
  template: Template;
  renameable?: boolean;
  /** A rename is a save: the canvas editor sends the revision its design comes from (a 412 is said in the dialog)… */
  ifMatch?: string | undefined;
  /** …and keeps the one the rename made for its next If-Match. */
  onRenamed?: (saved: Template) => void;
  /**
   * After a rename refused because someone else saved: the editor loads the template as saved now (its revision with
   * it), and the dialog stays open so the rename can be made again on top of theirs.
   */
  onLoadTheirs?: () => Promise<void>;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(template.name);
  const [loadingTheirs, setLoadingTheirs] = useState(false);
  const nameField = useRef<HTMLDivElement>(null);
  const rename = useMutation({
    mutationFn: () => updateTemplate(template.uid, { name }, ifMatch ? { ifMatch } : {}),
    onSuccess: async (saved) => {
      setRenaming(false);
      onRenamed?.(saved);
      // Only the name: the editor's design (saved or not) stays as it is.
      queryClient.setQueryData(templateKeys.one(saved.uid), {
        ...template,
        name: saved.name,
        updatedAt: saved.updatedAt,
        etag: saved.etag,
      });
      await queryClient.invalidateQueries({ queryKey: templateKeys.all, refetchType: 'none' });
    },
  });
  // Said in the editor's words (the API's detail speaks of GET and ETag), not in the form's banner.
  const conflict = saveConflictOf(rename.error);
  const loadTheirs = async () => {
    setLoadingTheirs(true);
    try {
      await onLoadTheirs?.();
      rename.reset();
    } finally {
      setLoadingTheirs(false);
    }
  };
  const duplicate = useMutation({
    mutationFn: () => duplicateTemplate(template, `${template.name} (copy)`),
    onSuccess: async (copy) => {
      // The copy's version gets its preview as a save's would (else the templates list shows "Not rendered yet"
      // beside the original's picture). Not awaited: the copy opens at once, and a refusal only leaves the card bare.
      void attachSavedThumbnail(copy)
        .then((attached) => (attached ? queryClient.invalidateQueries({ queryKey: templateKeys.all }) : undefined))
        .catch(() => {});
      await queryClient.invalidateQueries({ queryKey: templateKeys.all, refetchType: 'none' });
      await navigate(editorPathOf(copy.template));
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteTemplate(template.uid),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: templateKeys.one(template.uid) });
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
      await navigate('/templates', { state: { discardUnsaved: true, deleted: template.name } });
    },
  });
  return (
    // Named for the template: the canvas editor's arrange toolbar has its own Duplicate and Delete for the selected objects.
    <div role="group" aria-label="Template" className="flex flex-wrap items-center gap-2">
      {duplicate.isError && <Alert>{messageOf(duplicate.error)}</Alert>}
      {remove.isError && <Alert>{messageOf(remove.error)}</Alert>}
      {renameable && (
        <Button
          variant="secondary"
          onClick={() => {
            rename.reset();
            setName(template.name);
            setRenaming(true);
          }}
        >
          Rename template
        </Button>
      )}
      <Button variant="secondary" busy={duplicate.isPending} onClick={() => duplicate.mutate()}>
        Duplicate template
      </Button>
      <ConfirmDialog
        trigger={<Button variant="danger">Delete template</Button>}
        title={`Delete ${template.name}?`}
        description="The template and its saved versions are deleted for good. Renders made from it stay in the history."
        action="Delete template"
        onConfirm={() => remove.mutate()}
      />
      <Dialog open={renaming} onOpenChange={setRenaming} title="Rename the template">
        <Form label="Rename the template" onSubmit={() => rename.mutate()} error={conflict ? null : rename.error} fields={['name']}>
          {conflict && (
            <StaleChangeAlert
              conflict={conflict}
              busy={rename.isPending || loadingTheirs}
              onLoadTheirs={onLoadTheirs ? () => void loadTheirs() : undefined}
              // Back to the name, to rename again: the page's heading behind the dialog cannot take focus.
              returnFocus={() => nameField.current?.querySelector('input')}
            />
          )}
          <div ref={nameField}>
            <TextField
              label="Template name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={fieldError(rename.error, 'name')}
            />
          </div>
          <DialogActions onCancel={() => setRenaming(false)} submit="Rename" busy={rename.isPending} />
        </Form>
      </Dialog>
    </div>
  );
}
