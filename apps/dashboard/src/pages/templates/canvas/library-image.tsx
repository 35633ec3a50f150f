import { useState, type FormEvent } from 'react';
import type { Asset } from '../../../api/assets';
import { messageOf } from '../../../api/problem';
import { Alert } from '../../../kit/alert';
import { Button } from '../../../kit/button';
import { Dialog, DialogActions } from '../../../kit/dialog';
import { AssetPicker } from '../../assets/asset-picker';
import { useEditor } from './editor-context';

/**
 * "Image from the library": the asset picker in a dialog. Arrow keys (or clicks) only choose an image, so a
 * keyboard user can browse the whole library; "Add image" adds the chosen one, Cancel (or Escape) adds nothing.
 */
export function LibraryImage() {
  const editor = useEditor();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Asset>();
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string>();
  const show = (next: boolean) => {
    setOpen(next);
    // Each opening starts afresh: nothing chosen, no old error.
    if (next) {
      setChosen(undefined);
      setError(undefined);
    }
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setError('Choose an image first.');
      return;
    }
    setError(undefined);
    setAdding(true);
    editor.addImage(chosen.url).then(
      () => {
        setAdding(false);
        setOpen(false);
      },
      (failure: unknown) => {
        setAdding(false);
        setError(messageOf(failure));
      },
    );
  };
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => show(true)} disabled={!editor.ready}>
        Image from the library
      </Button>
      <Dialog
        open={open}
        onOpenChange={show}
        title="Image from the library"
        description="Choose an image (arrow keys move between them), then add it to the canvas."
      >
        <form className="flex flex-col gap-4" onSubmit={add}>
          <AssetPicker kind="image" label="Images" value={chosen?.url} onChange={setChosen} />
          {error && <Alert>{error}</Alert>}
          <DialogActions onCancel={() => setOpen(false)} submit="Add image" busy={adding} />
        </form>
      </Dialog>
    </>
  );
}
