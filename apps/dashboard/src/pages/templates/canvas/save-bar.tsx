import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../../api/problem';
import { templateKeys, updateTemplate, type Template } from '../../../api/templates';
import { Alert } from '../../../kit/alert';
import { Button } from '../../../kit/button';
import { SizeFields } from '../../../kit/size-fields';
import { useEditor } from './editor-context';
import { saveBody, useActiveLayout } from './layouts/active-layout';
import { useUnsavedDesign } from './unsaved-design';
import { useDefinitions } from './variables/definitions';
import { useTryValues } from './variables/try-values';
import { designTooLarge } from './versions/design-size';

/**
 * Size of the template and Save: one PUT /templates/{uid} with the serialized design and the variable
 * definitions (variables/definitions.tsx), so one save is one version and nothing edited is left behind.
 */
export function SaveBar(props: {
  template: Template;
  width: number;
  height: number;
  onWidth: (n: number) => void;
  onHeight: (n: number) => void;
}) {
  const editor = useEditor();
  const tryValues = useTryValues();
  const { target } = useActiveLayout();
  const unsaved = useUnsavedDesign();
  const definitions = useDefinitions();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async () => {
      // A definition the API would refuse is refused here, before anything is sent: the reason stands beside its field.
      if (definitions.invalid) throw new Error('A variable’s settings cannot be saved: see the fields marked in the Variables panel.');
      // Tried values are not saved; a design over the API's limits is refused here, before it is sent.
      const design = tryValues.designToSave(editor);
      const tooLarge = designTooLarge(design);
      if (tooLarge) throw new Error(tooLarge);
      // What is sent is what is saved: an edit made while the request runs stays unsaved.
      const state = unsaved.snapshot();
      // The open layout or page is what Save writes (the template's own design when neither is open); the
      // definitions are the template's, whichever design is open.
      const body = {
        ...saveBody(props.template, target, design, { width: props.width, height: props.height }),
        variableDefinitions: state.definitions,
      };
      return { saved: await updateTemplate(props.template.uid, body), state };
    },
    onMutate: () => definitions.setSaveError(null),
    onSuccess: async ({ saved, state }) => {
      unsaved.markSaved(state);
      queryClient.setQueryData(templateKeys.one(saved.uid), saved);
      await queryClient.invalidateQueries({ queryKey: templateKeys.all, refetchType: 'none' });
    },
    // The API's refusal of a definition (`variableDefinitions.3.validation.maxLength`) goes beside that field.
    onError: (error) => definitions.setSaveError(error),
  });
  return (
    <form
      aria-label="Template size and save"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <SizeFields
        of="Template"
        width={props.width}
        height={props.height}
        onWidth={props.onWidth}
        onHeight={props.onHeight}
        error={save.error}
        fieldClassName="w-28"
      />
      <Button type="submit" busy={save.isPending} disabled={!editor.ready}>
        Save template
      </Button>
      <p aria-live="polite" className="text-sm">
        {unsaved.dirty ? (
          <span className="text-slate-700">Unsaved changes.</span>
        ) : (
          save.isSuccess && !save.isPending && <span className="text-green-800">Saved.</span>
        )}
      </p>
      {save.isError && <Alert>{messageOf(save.error)}</Alert>}
    </form>
  );
}
