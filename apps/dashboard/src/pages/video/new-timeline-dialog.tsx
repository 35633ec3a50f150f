import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TimelineSizePreset } from '@pressroom/contracts/video-timeline';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { createVideoTemplate, videoKeys } from '../../api/video';
import { Dialog, DialogActions } from '../../kit/dialog';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { SelectField } from '../../kit/select-field';
import { SIZE_PRESET_LABELS, starterTimeline } from './starter-designs';
import { videoEditorPath } from './video-editor-path';

const CUSTOM = 'custom';

/**
 * "New timeline template": asks the name and the size (a preset, or a width and height of its own) before anything
 * is saved, as the canvas editor's "New template" does; Create saves the starter timeline at that size and opens
 * the studio. The name field is the dialog's first, so focus starts there. The server's messages (an empty name, an
 * odd width) stand beside their fields.
 */
export function NewTimelineDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [size, setSize] = useState<TimelineSizePreset | typeof CUSTOM>('16:9');
  const [width, setWidth] = useState(1280);
  const [height, setHeight] = useState(720);
  const create = useMutation({
    mutationFn: () =>
      createVideoTemplate({
        name,
        projectJson: starterTimeline(size === CUSTOM ? { width, height } : { preset: size }),
      }),
    onSuccess: async (template) => {
      await queryClient.invalidateQueries({ queryKey: videoKeys.all });
      await navigate(videoEditorPath(template));
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) create.reset();
      }}
      title="New timeline template"
      description="Name it and choose its size; the studio opens with a starter headline you can change."
    >
      <Form
        label="New timeline template"
        onSubmit={() => create.mutate()}
        error={create.error}
        fields={['name', 'projectJson.size', 'projectJson.width', 'projectJson.height']}
      >
        <TextField
          label="Template name"
          value={name}
          placeholder="Spring launch teaser"
          onChange={(e) => setName(e.target.value)}
          error={fieldError(create.error, 'name')}
        />
        <SelectField
          label="Size"
          value={size}
          onChange={(e) => setSize(e.target.value as TimelineSizePreset | typeof CUSTOM)}
          options={[...SIZE_PRESET_LABELS, [CUSTOM, 'Custom width and height']]}
          error={fieldError(create.error, 'projectJson.size')}
        />
        {size === CUSTOM && (
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label="Width (px)"
              type="number"
              min={2}
              step={2}
              value={width}
              onChange={(e) => setWidth(e.target.valueAsNumber)}
              error={fieldError(create.error, 'projectJson.width')}
            />
            <TextField
              label="Height (px)"
              type="number"
              min={2}
              step={2}
              value={height}
              onChange={(e) => setHeight(e.target.valueAsNumber)}
              error={fieldError(create.error, 'projectJson.height')}
            />
          </div>
        )}
        <DialogActions onCancel={() => onOpenChange(false)} submit="Create timeline template" busy={create.isPending} />
      </Form>
    </Dialog>
  );
}
