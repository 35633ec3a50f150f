import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../../api/problem';
import { saveConflictOf } from '../../../api/save-conflict';
import { getTemplate, templateKeys, updateTemplate, type Template } from '../../../api/templates';
import { Button } from '../../../kit/button';
import { BannerAlert } from '../../../kit/banner-alert';
import { formBanner } from '../../../kit/form-banner';
import { LiveMessage } from '../../../kit/live-message';
import { PendingFieldsContext, usePendingFields } from '../../../kit/pending-fields';
import { sizeProblem } from '../../../kit/image-side';
import { SizeFields } from '../../../kit/size-fields';
import { saveShortcutProps, useSaveShortcut } from '../../../kit/use-save-shortcut';
import { useEditor } from './editor-context';
import { useActiveLayout } from './layouts/active-layout';
import { savedDesignOf, saveBody, targetIn, type TemplateDesigns } from './layouts/edit-target';
import { SaveConflictAlert } from '../save-conflict-alert';
import { useUnsavedDesign } from './unsaved-design';
import { useDefinitions } from './variables/definitions';
import { useTryValues } from './variables/try-values';
import { designTooLarge } from './versions/design-size';

/**
 * The editor's one save: one PUT /templates/{uid} with the serialized design and the variable definitions
 * (variables/definitions.tsx), so one save is one version and nothing edited is left behind. Shared by the save bar's
 * button and "Save and render" (variables-panel.tsx), so a save started from either shows its outcome in one place.
 * It sends the revision the editor's design comes from as If-Match (docs/templates.md#conditional-saves): a save over
 * someone else's newer one is refused (412) and the save bar offers to load theirs or save this one over it.
 */
export interface CanvasSaveApi {
  /** Saves; answers whether the save went through (a refusal is shown by the save bar and beside the fields). */
  save: () => Promise<boolean>;
  /** Saves over the newer revision a conflict named (`etag`), on purpose: theirs stays in Versions. */
  saveOver: (etag: string) => Promise<boolean>;
  /** The template as saved now (after a restore, or a conflict's "Load their version") replaces what the editor shows. */
  adopt: (saved: Template) => Promise<void>;
  /** After a conflict's "Load their version": the template as saved now is fetched and adopted. */
  loadSaved: () => Promise<void>;
  /**
   * The revision the design comes from: a save made elsewhere in the editor (a rename, a layout or page change) sends
   * it as If-Match too, so it cannot skip over someone else's newer save, and hands back the one it made (keepRevision),
   * which Save sends next.
   */
  revision: string | undefined;
  keepRevision: (etag: string | undefined) => void;
  pending: boolean;
  succeeded: boolean;
  error: unknown;
  /**
   * The last save was stopped before anything was sent: the template size or a Properties field holds a number it
   * refused (focus went to the first such field), and one still does.
   */
  held: boolean;
}

/**
 * What the save bar says when a size, or a Properties field's number, was refused before anything was sent: the reason
 * itself stands beside the field.
 */
const NOT_SAVED = 'The template was not saved: check the highlighted field.';

const CanvasSaveContext = createContext<CanvasSaveApi | null>(null);

export function useCanvasSave(): CanvasSaveApi {
  const api = useContext(CanvasSaveContext);
  if (!api) throw new Error('useCanvasSave() outside <CanvasSaveProvider>.');
  return api;
}

/**
 * Inside UnsavedDesignProvider; `width` and `height` are the template size as typed (a bad one is refused beside its
 * field), `onSize` sets them when a saved template is adopted.
 */
export function CanvasSaveProvider({
  template,
  width,
  height,
  onSize,
  children,
}: {
  template: Template;
  width: number;
  height: number;
  onSize: (size: { width: number; height: number }) => void;
  children: ReactNode;
}) {
  const editor = useEditor();
  const tryValues = useTryValues();
  const { target, setTarget } = useActiveLayout();
  const unsaved = useUnsavedDesign();
  const definitions = useDefinitions();
  const queryClient = useQueryClient();
  // The revision the design comes from, kept from when the editor opened (not the query's, which a refetch moves on)
  // and moved on by each save made here: sent as If-Match, so a save over someone else's newer one is refused.
  const [revision, setRevision] = useState(template.etag);
  // Save stopped because the template size (SaveBar's fields) or a Properties field holds a number it refused (Width
  // −5): the field to go back to. The rule is the timeline studio's (kit/pending-fields.ts); it ends when a field is
  // typed in and none refuses what it holds any more.
  const { api: fields, held, settle: settleFields } = usePendingFields();
  const save = useMutation({
    // `over`: the newer revision a conflict named, when the person chose to save theirs over it.
    mutationFn: async (over?: string) => {
      // A definition the API would refuse is refused here, before anything is sent: the reason stands beside its field.
      if (definitions.invalid) throw new Error('A variable’s settings cannot be saved: see the fields marked in the Variables panel.');
      // Tried values are not saved; a design over the API's limits is refused here, before it is sent.
      const design = tryValues.designToSave(editor);
      const tooLarge = designTooLarge(design);
      if (tooLarge) throw new Error(tooLarge);
      // What is sent is what is saved: an edit made while the request runs stays unsaved.
      const state = unsaved.snapshot();
      // Saved over someone else's save on purpose: the open layout or page goes into the template as saved now, so a
      // layout or page they added or changed meanwhile stays (only the open one is this editor's to replace; the rule
      // and a page saved before pages had ids are edit-target.ts's).
      const into = over !== undefined ? await getTemplate(template.uid) : template;
      // The open layout or page is what Save writes (the template's own design when neither is open); the
      // definitions are the template's, whichever design is open.
      const body = {
        ...saveBody(template, target, design, { width, height }, into),
        variableDefinitions: state.definitions,
      };
      return { saved: await updateTemplate(template.uid, body, { ifMatch: over ?? revision }), state, shown: template, target };
    },
    onMutate: () => definitions.setSaveError(null),
    onSuccess: async ({ saved, state, shown, target: written }) => {
      setRevision(saved.etag);
      // A page saved among theirs may have another place now (one they added before it): the open page stays the same.
      const opened = targetIn(shown, written, saved);
      if (opened && JSON.stringify(opened) !== JSON.stringify(written)) setTarget(opened);
      unsaved.markSaved(state);
      queryClient.setQueryData(templateKeys.one(saved.uid), saved);
      await queryClient.invalidateQueries({ queryKey: templateKeys.all, refetchType: 'none' });
    },
    // The API's refusal of a definition (`variableDefinitions.3.validation.maxLength`) goes beside that field.
    onError: (error) => definitions.setSaveError(error),
  });
  const { mutateAsync, isPending, isSuccess, error, reset } = save;
  const adopt = useCallback(
    async (saved: Template) => {
      const canvas = saved as Template & TemplateDesigns;
      // The open layout or page stays open if it is still there (wherever theirs has it); else the template's own design.
      const opened = targetIn(template, target, canvas) ?? ({ kind: 'default' } as const);
      const { design, size } = savedDesignOf(canvas, opened);
      if (tryValues.trying) await tryValues.stop(editor);
      setTarget(opened);
      onSize(size);
      if (design) await editor.load(design);
      reset();
      setRevision(saved.etag);
      // What the canvas shows now is saved, and so are the definitions it brought back.
      unsaved.markSaved();
      definitions.reset(saved.variableDefinitions);
      queryClient.setQueryData(templateKeys.one(saved.uid), saved);
      await queryClient.invalidateQueries({ queryKey: templateKeys.all, refetchType: 'none' });
    },
    [template, target, setTarget, tryValues, editor, onSize, reset, unsaved, definitions, queryClient],
  );
  const api = useMemo<CanvasSaveApi>(() => {
    /** Saves unless a field holds refused text: then nothing is sent, and focus goes to the first such field. */
    const settled = (over: string | undefined) => {
      if (!settleFields()) return Promise.resolve(false);
      return mutateAsync(over).then(
        () => true,
        () => false,
      );
    };
    return {
      save: () => settled(undefined),
      saveOver: (etag) => settled(etag),
      adopt,
      loadSaved: async () => adopt(await getTemplate(template.uid)),
      revision,
      keepRevision: setRevision,
      pending: isPending,
      succeeded: isSuccess,
      error,
      held,
    };
  }, [settleFields, mutateAsync, adopt, template.uid, revision, isPending, isSuccess, error, held]);
  return (
    <CanvasSaveContext.Provider value={api}>
      {/* The fields Save asks first (kit/pending-fields.ts). */}
      <PendingFieldsContext.Provider value={fields}>{children}</PendingFieldsContext.Provider>
    </CanvasSaveContext.Provider>
  );
}

/** Size of the template and Save (the save itself is CanvasSaveProvider's). */
export function SaveBar(props: { width: number; height: number; onWidth: (n: number) => void; onHeight: (n: number) => void }) {
  const editor = useEditor();
  const unsaved = useUnsavedDesign();
  const save = useCanvasSave();
  const form = useRef<HTMLFormElement>(null);
  // The size fields are fields Save asks first, as Properties' are (kit/pending-fields.ts): a size refused beside its
  // field holds the save, focus goes to the first refused field on the page (the size comes before Properties), and
  // the bar's line goes once no field refuses what it holds.
  const pending = useContext(PendingFieldsContext);
  const sides = useRef({ width: props.width, height: props.height });
  sides.current = { width: props.width, height: props.height };
  useEffect(() => {
    if (!pending) return;
    const removers = (['width', 'height'] as const).map((side) =>
      pending.fields.add({
        settle: () => (sizeProblem(sides.current[side]) ? 'refused' : 'applied'),
        element: () => form.current?.querySelector<HTMLElement>(`[data-side="${side}"]`) ?? null,
        refused: () => sizeProblem(sides.current[side]) !== undefined,
      }),
    );
    return () => removers.forEach((remove) => remove());
  }, [pending]);
  // A size typed, or set by opening a layout or loading a saved version, is a field typed in: a held save is over once
  // no field refuses what it holds.
  useEffect(() => {
    pending?.typed();
  }, [pending, props.width, props.height]);
  const conflict = saveConflictOf(save.error);
  const [loadingTheirs, setLoadingTheirs] = useState(false);
  /** After a conflict: the template as saved now replaces the canvas (the person confirmed discarding theirs). */
  const loadTheirs = async () => {
    setLoadingTheirs(true);
    try {
      await save.loadSaved();
    } finally {
      setLoadingTheirs(false);
    }
  };
  /** Save, from its button or Ctrl+S (Cmd+S) anywhere in the editor. */
  const submit = () => {
    // A size the API refused: focus goes to its field, where the reason stands (a definition's is in the Variables
    // panel). A save held by a refused field put focus on the first such field on the page already: it stays there.
    void save.save().then((saved) => {
      if (saved || document.activeElement?.getAttribute('aria-invalid') === 'true') return;
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  };
  useSaveShortcut(submit, { disabled: save.pending || !editor.ready });
  return (
    <form
      ref={form}
      noValidate
      aria-label="Template size and save"
      // Aligned to the top, so a refusal under one field makes that field taller without pushing the other down.
      className="flex flex-wrap items-start gap-3 max-lg:gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
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
      {/* Save under an unseen copy of a field's label (at the field's width): level with the inputs whether the labels
          take one line or, on a phone, two. */}
      <div className="flex flex-col gap-1">
        <span aria-hidden="true" className="invisible w-24 text-sm font-medium sm:w-28">
          Template width
        </span>
        <Button type="submit" busy={save.pending} disabled={!editor.ready} {...saveShortcutProps()}>
          Save template
        </Button>
      </div>
      {/* Polite, as the timeline studio's: focus going to the refused field says the rest. */}
      <LiveMessage tone={save.held ? 'error' : unsaved.dirty ? 'neutral' : 'success'} politeness="polite" className="sm:mt-8">
        {save.held ? NOT_SAVED : unsaved.dirty ? 'Unsaved changes.' : save.succeeded && !save.pending && 'Saved.'}
      </LiveMessage>
      {conflict ? (
        // Beside Save, with what can be done about it; a whole row of its own.
        <div className="basis-full">
          <SaveConflictAlert
            conflict={conflict}
            busy={save.pending || loadingTheirs}
            onLoadTheirs={() => void loadTheirs()}
            onSaveMine={() => void save.saveOver(conflict.etag ?? '*')}
          />
        </div>
      ) : (
        save.error != null && (
          <div className="sm:mt-6">
            <SaveRefusal error={save.error} />
          </div>
        )
      )}
    </form>
  );
}

/**
 * Why a save failed, beside Save. A refusal whose reasons stand beside their fields (the size here, a variable's
 * settings in the Variables panel) says only that nothing was saved and where to look, not the API's
 * "The request body is invalid: width: …"; reasons no field shows are listed by readable names; other failures (the
 * network, a design too large) say what happened.
 */
function SaveRefusal({ error }: { error: unknown }) {
  const banner = formBanner(error, { fields: ['width', 'height', 'variableDefinitions'] });
  const lines = error instanceof ApiError && error.isValidation ? ['The template was not saved.', ...banner.lines] : banner.lines;
  return <BannerAlert lines={lines} unshown={banner.unshown} />;
}
