import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { createCodeTemplate } from '../../api/video-code';
import { Button } from '../../kit/button';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { Page } from '../../kit/page';
import { STARTER_TSX } from './starter-designs';

/**
 * /video/templates/new/code: name a code template, create it from the starter scene and open the editor. The Video
 * page's New code template makes the same template at once (named in the editor); this address asks the name first.
 */
export function NewCodeTemplate() {
  const navigate = useNavigate();
  const [name, setName] = useState('Untitled scene');
  const create = useMutation({
    mutationFn: () => createCodeTemplate({ name, tsx: STARTER_TSX }),
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
