import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { messageOf } from '../../../api/problem';
import { templateKeys, updateTemplate, type Template } from '../../../api/templates';
import { Alert } from '../../../kit/alert';
import { Button } from '../../../kit/button';
import { LiveMessage } from '../../../kit/live-message';
import { SizeFields } from '../../../kit/size-fields';
import { useEditor } from './editor-context';
import { saveBody, useActiveLayout } from './layouts/active-layout';
import { useUnsavedDesign } from './unsaved-design';
import { useDefinitions } from './variables/definitions';
import { useTryValues } from './variables/try-values';
import { designTooLarge } from './versions/design-size';

/**
 * The editor's one save: one PUT /templates/{uid} with the serialized design and the variable definitions
 * (variables/definitions.tsx), so one save is one version and nothing edited is left behind. Shared by the save bar's
 * button and "Save and render" (variables-panel.tsx), so a save started from either shows its outcome in one place.
 */
export interface CanvasSaveApi {
  /** Saves; answers whether the save went through (a refusal is shown by the save bar and beside the fields). */
  save: () => Promise<boolean>;
  pending: boolean;
  succeeded: boolean;
  error: unknown;
}

const CanvasSaveContext = createContext<CanvasSaveApi | null>(null);

export function useCanvasSave(): CanvasSaveApi {
  const api = useContext(CanvasSaveContext);
  if (!api) throw new Error('useCanvasSave() outside <CanvasSaveProvider>.');
  return api;
}

/** Inside UnsavedDesignProvider; `width` and `height` are the template size as typed (a bad one is refused beside its field). */
export function CanvasSaveProvider({
  template,
  width,
  height,
  children,
}: {
  template: Template;
  width: number;
  height: number;
  children: ReactNode;
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
        ...saveBody(template, target, design, { width, height }),
        variableDefinitions: state.definitions,
      };
      return { saved: await updateTemplate(template.uid, body), state };
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
  const { mutateAsync, isPending, isSuccess, error } = save;
  const api = useMemo<CanvasSaveApi>(
    () => ({
      save: () =>
        mutateAsync().then(
          () => true,
          () => false,
        ),
      pending: isPending,
      succeeded: isSuccess,
      error,
    }),
    [mutateAsync, isPending, isSuccess, error],
  );
  return <CanvasSaveContext.Provider value={api}>{children}</CanvasSaveContext.Provider>;
}

/** Size of the template and Save (the save itself is CanvasSaveProvider's). */
export function SaveBar(props: { width: number; height: number; onWidth: (n: number) => void; onHeight: (n: number) => void }) {
  const editor = useEditor();
  const unsaved = useUnsavedDesign();
  const save = useCanvasSave();
  return (
    <form
      noValidate
      aria-label="Template size and save"
      className="flex flex-wrap items-end gap-3 max-lg:gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void save.save();
      }}
    >
      <SizeFields
        of="Template"
        width={props.width}
        height={props.height}
        onWidth={props.onWidth}
        onHeight={props.onHeight}
        error={save.error}
        // Narrower on a phone: the fields and Save share one row there.
        fieldClassName="w-24 sm:w-28"
      />
      <Button type="submit" busy={save.pending} disabled={!editor.ready}>
        Save template
      </Button>
      <LiveMessage tone={unsaved.dirty ? 'neutral' : 'success'}>
        {unsaved.dirty ? 'Unsaved changes.' : save.succeeded && !save.pending && 'Saved.'}
      </LiveMessage>
      {save.error != null && <Alert>{messageOf(save.error)}</Alert>}
    </form>
  );
}
