import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { assetKeys, type Asset } from '../../../api/assets';
import { messageOf } from '../../../api/problem';
import { Alert } from '../../../kit/alert';
import { Button } from '../../../kit/button';
import { Dialog, DialogActions } from '../../../kit/dialog';
import { AssetPicker } from '../../assets/asset-picker';
import { UploadField } from '../../assets/upload-field';
import { notAnImage, refusalOf, uploadEach } from '../../assets/upload-each';
import { useEditor } from './editor-context';

/**
 * "Image from the library": the asset picker in a dialog. Arrow keys (or clicks) only choose an image, so a
 * keyboard user can browse the whole library; "Add image" adds the chosen one, Cancel (or Escape) adds nothing.
 * "Upload an image" puts a file from the computer into the library and chooses it, without leaving the editor (the
 * library's empty state only linked to the Assets page, away from an unsaved design).
 */
export function LibraryImage() {
  const editor = useEditor();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Asset>();
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string>();
  const queryClient = useQueryClient();
  const upload = useMutation({
    // As the Assets page uploads (uploadEach): a refused file does not stop the rest. Only images are sent: a font or
    // any other file is refused here before it is uploaded (it would join the library as a font, chosen nowhere).
    mutationFn: (files: File[]) => uploadEach(files, notAnImage),
    onSettled: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
    onSuccess: ({ done }) => {
      // The first image uploaded is chosen.
      const image = done.find((asset) => asset.kind === 'image');
      if (image) {
        setChosen(image);
        setError(undefined);
      }
    },
  });
  const image = upload.data?.done.find((asset) => asset.kind === 'image');
  const refusal = upload.error ? messageOf(upload.error) : upload.data ? refusalOf(upload.data) : undefined;
  const show = (next: boolean) => {
    setOpen(next);
    // Each opening starts afresh: nothing chosen, no old error.
    if (next) {
      setChosen(undefined);
      setError(undefined);
      upload.reset();
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
        description="Choose an image (arrow keys move between them) or upload one, then add it to the canvas."
      >
        <form className="flex flex-col gap-4" onSubmit={add}>
          <AssetPicker kind="image" label="Images" value={chosen?.url} onChange={setChosen} linkToUpload={false} />
          <UploadField
            label="Upload an image"
            accept=".png,.jpg,.jpeg,.webp,.svg,image/png,image/jpeg,image/webp,image/svg+xml"
            hint={
              image
                ? `Uploaded ${image.name}: chosen above. Add image puts it on the canvas.`
                : 'PNG, JPEG, WebP or SVG from your computer (or dropped here): it joins the library and is chosen.'
            }
            error={refusal}
            busy={upload.isPending}
            onFiles={(files) => upload.mutate(files)}
          />
          {error && <Alert>{error}</Alert>}
          <DialogActions onCancel={() => setOpen(false)} submit="Add image" busy={adding} />
        </form>
      </Dialog>
    </>
  );
}
