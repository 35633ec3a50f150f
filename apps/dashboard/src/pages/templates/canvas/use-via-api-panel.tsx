import { Section } from '../../../kit/page';
import { UseViaApi } from '../use-via-api';
import { useActiveLayout } from './layouts/active-layout';
import { useDesignVariableNames } from './variables/design-variable-names';

/**
 * The snippets for the open layout with the values tried in Variables (else the defaults): what the Render panel
 * renders, so a copied curl makes the picture just seen. As the HTML editor's.
 */
export function UseViaApiPanel({ uid, tried }: { uid: string; tried: Record<string, string> }) {
  const { target } = useActiveLayout();
  const { valuesToRender } = useDesignVariableNames();
  return (
    <Section title="Use via API">
      <UseViaApi uid={uid} variables={valuesToRender(tried)} layout={target.kind === 'layout' ? target.key : 'default'} />
    </Section>
  );
}
