import { useState } from 'react';
import { messageOf } from '../../../api/problem';
import { Alert } from '../../../kit/alert';
import { Button } from '../../../kit/button';
import { Dialog } from '../../../kit/dialog';
import { AssetPicker } from '../../assets/asset-picker';
import { useEditor } from './editor-context';

/** "Image from the library": the asset picker in a dialog; the chosen image is added to the canvas. */
export function LibraryImage() {
  const editor = useEditor();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} disabled={!editor.ready}>
        Image from the library
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Image from the library" description="Choose an image to add to the canvas.">
        {error && <Alert>{error}</Alert>}
        <AssetPicker
          kind="image"
          label="Images"
          onChange={(asset) => {
            setError(undefined);
            editor.addImage(asset.url).then(
              () => setOpen(false),
              (failure: unknown) => setError(messageOf(failure)),
            );
          }}
        />
      </Dialog>
    </>
  );
}
