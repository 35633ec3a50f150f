import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TimelineSizePreset } from '@pressroom/contracts/video-timeline';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { createVideoTemplate, videoKeys } from '../../api/video';
import { Dialog, DialogActions } from '../../kit/dialog';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { SelectField } from '../../kit/select-field';
import { SizeFields } from '../../kit/size-fields';
import { SIZE_PRESET_LABELS, starterTimeline, type StarterSize } from './starter-designs';
import { NEW_TIMELINE_FIELDS, refusalInDialogTerms } from './starter-refusal';
import { TIMELINE_SIDE } from './timeline-side-rule';
import { videoEditorPath } from './video-editor-path';

const CUSTOM = 'custom';

/**
 * "New timeline template": asks the name and the size (a preset, or a width and height of its own) before anything
 * is saved, as the canvas editor's "New template" does; Create saves the starter timeline at that size and opens
 * the studio. The name field is the dialog's first, so focus starts there. A width or height the API would refuse
 * (out of range, odd) is said beside its field as it is typed and nothing is sent; the server's own refusals are put
 * beside the field that caused them too (starter-refusal.ts), never as paths of the starter project.
 */
export function NewTimelineDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [size, setSize] = useState<TimelineSizePreset | typeof CUSTOM>('16:9');
  const [width, setWidth] = useState(1280);
  const [height, setHeight] = useState(720);
  const starterSize: StarterSize = size === CUSTOM ? { width, height } : { preset: size };
  const create = useMutation({
    mutationFn: (at: StarterSize) => createVideoTemplate({ name, projectJson: starterTimeline(at) }),
    onSuccess: async (template) => {
      await queryClient.invalidateQueries({ queryKey: videoKeys.all });
      await navigate(videoEditorPath(template));
    },
  });
  // Read against the size that was sent (create.variables), not one typed since; one object per failure, as the form
  // reads the page again whenever its error changes.
  const refusal = useMemo(
    () => (create.variables ? refusalInDialogTerms(create.error, create.variables) : create.error),
    [create.error, create.variables],
  );
  const sizeBox = useRef<HTMLDivElement>(null);
  const sizeRefused = size === CUSTOM && (TIMELINE_SIDE.problem(width, 'width') ?? TIMELINE_SIDE.problem(height, 'height'));
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
        onSubmit={() => {
          // Already said beside the field; focus goes there, as after a refusal.
          if (sizeRefused) sizeBox.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
          else create.mutate(starterSize);
        }}
        error={refusal}
        fields={NEW_TIMELINE_FIELDS}
      >
        <TextField
          label="Template name"
          value={name}
          placeholder="Spring launch teaser"
          onChange={(e) => setName(e.target.value)}
          error={fieldError(refusal, 'name')}
        />
        <SelectField
          label="Size"
          value={size}
          onChange={(e) => setSize(e.target.value as TimelineSizePreset | typeof CUSTOM)}
          options={[...SIZE_PRESET_LABELS, [CUSTOM, 'Custom width and height']]}
          error={fieldError(refusal, 'size')}
        />
        {size === CUSTOM && (
          <div ref={sizeBox} className="grid grid-cols-2 gap-3">
            <SizeFields width={width} height={height} onWidth={setWidth} onHeight={setHeight} error={refusal} rule={TIMELINE_SIDE} />
          </div>
        )}
        <DialogActions onCancel={() => onOpenChange(false)} submit="Create timeline template" busy={create.isPending} />
      </Form>
    </Dialog>
  );
}
