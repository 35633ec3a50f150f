import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { createCodeTemplate } from '../../api/video-code';
import { Button } from '../../kit/button';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { Page } from '../../kit/page';

/** What a new code template starts from: a scene that fades its title in over the prop colour. */
const STARTER_SCENE = `import { AbsoluteFill, interpolate, useCurrentFrame } from 'remotion';

export const meta = {
  width: 1280,
  height: 720,
  fps: 30,
  durationInFrames: 90,
  defaultProps: { title: 'Launch day', color: '#1a73e8' },
};

export default function Scene({ title, color }: { title: string; color: string }) {
  const frame = useCurrentFrame();
  return (
    <AbsoluteFill style={{ backgroundColor: color, justifyContent: 'center', alignItems: 'center' }}>
      <h1 style={{ color: 'white', fontSize: 96, fontFamily: 'sans-serif', opacity: interpolate(frame, [0, 15], [0, 1]) }}>{title}</h1>
    </AbsoluteFill>
  );
}
`;

/** /video/templates/new/code: name a code template, create it from the starter scene and open the editor. */
export function NewCodeTemplate() {
  const navigate = useNavigate();
  const [name, setName] = useState('Untitled scene');
  const create = useMutation({
    mutationFn: () => createCodeTemplate({ name, tsx: STARTER_SCENE }),
    onSuccess: (template) => navigate(`/video/templates/${encodeURIComponent(template.uid)}/code`, { replace: true }),
  });
  return (
    <Page title="New code template">
      <Form label="New code template" onSubmit={() => create.mutate()} error={create.error} fields={['name']}>
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={fieldError(create.error, 'name')} />
        <div>
          <Button type="submit" busy={create.isPending}>
            Create and open the editor
          </Button>
        </div>
      </Form>
    </Page>
  );
}
