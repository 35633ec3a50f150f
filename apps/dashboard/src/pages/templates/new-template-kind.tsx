import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { createCanvasTemplate, templateKeys } from '../../api/templates';
import { editorPathOf } from '../../canvas/editor-path';
import { Button } from '../../kit/button';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { SizeFields } from '../../kit/size-fields';
import { emptyDesign } from './canvas/empty-design';

export type TemplateKind = 'html' | 'canvas';

/** The choice a new template starts with: HTML (code editor) or Canvas (the visual editor). */
export function TemplateKindChoice({ kind, onChange }: { kind: TemplateKind; onChange: (kind: TemplateKind) => void }) {
  const name = useId();
  return (
    <fieldset className="flex flex-wrap gap-4 rounded-lg border border-slate-200 bg-white p-3">
      <legend className="px-1 text-sm font-semibold">Kind of template</legend>
      {(
        [
          ['html', 'HTML (code)'],
          ['canvas', 'Canvas (visual editor)'],
        ] as const
      ).map(([value, label]) => (
        <label key={value} className="flex items-center gap-2 text-sm">
          <input type="radio" name={name} value={value} checked={kind === value} onChange={() => onChange(value)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** Creates an empty canvas template of a size and opens it in the visual editor. */
export function NewCanvasTemplate() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('Untitled design');
  const [width, setWidth] = useState(1200);
  const [height, setHeight] = useState(630);
  const create = useMutation({
    mutationFn: () => createCanvasTemplate({ name, width, height, fabricJSData: emptyDesign() }),
    onSuccess: async (template) => {
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
      await navigate(editorPathOf(template));
    },
  });
  return (
    <Form
      label="New canvas template"
      onSubmit={() => create.mutate()}
      error={create.error}
      fields={['name', 'width', 'height', 'fabricJSData']}
    >
      <TextField label="Template name" value={name} onChange={(e) => setName(e.target.value)} error={fieldError(create.error, 'name')} />
      <div className="grid grid-cols-2 gap-3">
        <SizeFields width={width} height={height} onWidth={setWidth} onHeight={setHeight} error={create.error} />
      </div>
      <Button type="submit" busy={create.isPending} className="self-start">
        Create canvas template
      </Button>
    </Form>
  );
}
