import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { messageOf } from '../../../../api/problem';
import { saveConflictOf } from '../../../../api/save-conflict';
import { templateKeys, updateTemplate, type Template } from '../../../../api/templates';
import { Alert } from '../../../../kit/alert';
import { Button } from '../../../../kit/button';
import { TextField } from '../../../../kit/field';
import { fieldError } from '../../../../kit/form';
import { sizeProblem } from '../../../../kit/image-side';
import { SizeFields } from '../../../../kit/size-fields';
import { useEditor } from '../editor-context';
import { useUnsavedDesign } from '../unsaved-design';
import { useTryValues } from '../variables/try-values';
import { useActiveLayout } from './active-layout';
import { renumberPages, savedDesignOf, type TemplateDesigns, type EditTarget } from './edit-target';
import { useCanvasSave } from '../save-bar';
import { layoutKeyProblem, resizeDesign, type Size } from './resize-design';
import { ErrorText } from '../../../../kit/message-text';
import { StaleChangeAlert } from '../../save-conflict-alert';

const same = (a: EditTarget, b: EditTarget) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Sizes and pages. Layouts (the contract's `layouts`: a key per size, each with its own design, variables
 * shared): open one on the canvas, add one by copying what the canvas shows at another size, delete one.
 * PDF templates also have `pages`: open, add (a copy of the canvas), move up or down, delete.
 */
export function LayoutsPanel({ template: base, onSize }: { template: Template; onSize: (size: Size) => void }) {
  const template = base as Template & TemplateDesigns;
  const editor = useEditor();
  const tryValues = useTryValues();
  const unsaved = useUnsavedDesign();
  const { target, setTarget } = useActiveLayout();
  const queryClient = useQueryClient();
  const { revision, keepRevision, loadSaved } = useCanvasSave();
  const [key, setKey] = useState('');
  const [width, setWidth] = useState(1080);
  const [height, setHeight] = useState(1080);
  const keys = Object.keys(template.layouts ?? {});
  const pages = template.pages ?? [];

  const sizeOf = (t: EditTarget): Size => savedDesignOf(template, t).size;
  const designOf = (t: EditTarget) => savedDesignOf(template, t).design;
  const open = async (t: EditTarget) => {
    if (tryValues.trying) await tryValues.stop(editor);
    const design = designOf(t);
    onSize(sizeOf(t));
    setTarget(t);
    if (design) await editor.load(design);
    // The design opened is the saved one: unsaved changes are compared with it from now on.
    unsaved.markSaved();
  };

  const put = useMutation({
    // Sent with the design's revision: after someone else's save it is refused (412, said below) rather than hiding theirs.
    mutationFn: ({ body, ifMatch }: { body: Record<string, unknown>; ifMatch: string | undefined }) =>
      updateTemplate(template.uid, body, ifMatch ? { ifMatch } : {}),
    onSuccess: (saved) => {
      queryClient.setQueryData(templateKeys.one(saved.uid), saved);
      // A layout or page change is a save: Save's next If-Match is the revision it made (save-bar.tsx).
      keepRevision(saved.etag);
    },
  });
  /** Sends a change; false when it was refused (said below the panel), and then nothing else of the change is done. */
  const send = (body: Record<string, unknown>) =>
    put.mutateAsync({ body, ifMatch: revision }).then(
      () => true,
      () => false,
    );
  // A refusal because someone else saved is said in the editor's words, while the editor is still at the revision it
  // was sent from (once theirs is loaded, or Save saved over it, the change can be made again).
  const conflict = put.variables?.ifMatch === revision ? saveConflictOf(put.error) : null;
  const [loadingTheirs, setLoadingTheirs] = useState(false);
  // Once theirs is loaded the alert goes; focus goes to the open layout's or page's button (what was loaded, and
  // where the panel's changes are tried again from), not to the heading nearest the alert.
  const panel = useRef<HTMLElement>(null);
  const openedButton = () => panel.current?.querySelector<HTMLElement>('button[aria-pressed="true"]');
  const loadTheirs = async () => {
    setLoadingTheirs(true);
    try {
      await loadSaved();
      put.reset();
    } finally {
      setLoadingTheirs(false);
    }
  };
  const keyError = key === '' ? undefined : (layoutKeyProblem(key, keys) ?? undefined);

  const addLayout = async () => {
    if (layoutKeyProblem(key, keys)) return;
    const design = resizeDesign(tryValues.designToSave(editor), sizeOf(target), { width, height });
    if (!(await send({ layouts: { ...template.layouts, [key]: { name: key, width, height, fabricJSData: design } } }))) return;
    onSize({ width, height });
    setTarget({ kind: 'layout', key });
    await editor.load(design);
    unsaved.markSaved();
    setKey('');
  };
  const deleteLayout = async (k: string) => {
    const { [k]: _gone, ...rest } = template.layouts;
    if (!(await send({ layouts: rest }))) return;
    if (target.kind === 'layout' && target.key === k) await open({ kind: 'default' });
  };
  const addPage = async () => {
    const design = tryValues.designToSave(editor);
    const next = renumberPages([...pages, { pageNumber: pages.length + 1, name: `Page ${pages.length + 1}`, fabricJSData: design }]);
    if (!(await send({ pages: next }))) return;
    setTarget({ kind: 'page', index: next.length - 1 });
    unsaved.markSaved();
  };
  const movePage = async (index: number, delta: number) => {
    const next = [...pages];
    const [page] = next.splice(index, 1);
    next.splice(index + delta, 0, page!);
    if (!(await send({ pages: renumberPages(next) }))) return;
    if (target.kind === 'page' && target.index === index) setTarget({ kind: 'page', index: index + delta });
  };
  const deletePage = async (index: number) => {
    if (!(await send({ pages: renumberPages(pages.filter((_, i) => i !== index)) }))) return;
    if (target.kind === 'page') await open({ kind: 'default' });
  };

  const openButton = (t: EditTarget, label: string) => (
    <Button variant={same(t, target) ? 'primary' : 'secondary'} aria-pressed={same(t, target)} onClick={() => void open(t)}>
      {label}
    </Button>
  );

  return (
    <section
      ref={panel}
      aria-label="Layouts and pages"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
    >
      <h2 className="text-lg font-semibold">Layouts</h2>
      <ul aria-label="Layouts" className="flex flex-col gap-2">
        <li className="flex flex-wrap items-center gap-2">
          {openButton({ kind: 'default' }, `default · ${template.width}×${template.height}`)}
        </li>
        {keys.map((k) => {
          const size = sizeOf({ kind: 'layout', key: k });
          return (
            <li key={k} className="flex flex-wrap items-center gap-2">
              {openButton({ kind: 'layout', key: k }, `${k} · ${size.width}×${size.height}`)}
              <Button variant="ghost" aria-label={`Delete layout ${k}`} onClick={() => void deleteLayout(k)}>
                Delete
              </Button>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-slate-600">Click a layout to open its design on the canvas, at its size.</p>
      <form
        noValidate
        aria-label="New layout"
        className="grid grid-cols-3 items-end gap-2 rounded border border-slate-200 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          void addLayout();
        }}
      >
        {/* Visible, so the size fields below read as the new layout's, not the open one's. */}
        <p aria-hidden="true" className="col-span-3 text-sm font-medium">
          New layout
        </p>
        <p className="col-span-3 text-xs text-slate-600">
          A copy of the canvas at another size (a square post, a story): give it a key and a size.
        </p>
        <TextField label="Layout key" value={key} onChange={(e) => setKey(e.target.value.trim())} error={keyError} />
        <SizeFields of="Layout" width={width} height={height} onWidth={setWidth} onHeight={setHeight} />
        <Button
          type="submit"
          variant="secondary"
          disabled={key === '' || keyError !== undefined || sizeProblem(width) !== undefined || sizeProblem(height) !== undefined}
          className="col-span-3"
        >
          Copy to new layout
        </Button>
      </form>

      {template.outputFormat === 'pdf' && (
        <>
          <h2 className="text-lg font-semibold">Pages</h2>
          <ol aria-label="Pages" className="flex flex-col gap-2">
            {pages.map((page, i) => (
              <li key={`${page.pageNumber}-${i}`} className="flex flex-wrap items-center gap-1">
                {openButton({ kind: 'page', index: i }, page.name ?? `Page ${page.pageNumber}`)}
                <Button variant="ghost" disabled={i === 0} aria-label={`Move page ${i + 1} up`} onClick={() => void movePage(i, -1)}>
                  Up
                </Button>
                <Button
                  variant="ghost"
                  disabled={i === pages.length - 1}
                  aria-label={`Move page ${i + 1} down`}
                  onClick={() => void movePage(i, 1)}
                >
                  Down
                </Button>
                <Button variant="ghost" aria-label={`Delete page ${i + 1}`} onClick={() => void deletePage(i)}>
                  Delete
                </Button>
              </li>
            ))}
          </ol>
          <Button variant="secondary" onClick={() => void addPage()}>
            Add page (copy of the canvas)
          </Button>
        </>
      )}
      {conflict ? (
        <StaleChangeAlert
          conflict={conflict}
          busy={put.isPending || loadingTheirs}
          onLoadTheirs={() => void loadTheirs()}
          returnFocus={openedButton}
        />
      ) : (
        put.isError && saveConflictOf(put.error) === null && <Alert>{messageOf(put.error)}</Alert>
      )}
      {fieldError(put.error, 'layouts') && <ErrorText text={fieldError(put.error, 'layouts')!} />}
    </section>
  );
}
