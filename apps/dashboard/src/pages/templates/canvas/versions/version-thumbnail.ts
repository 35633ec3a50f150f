import type { VariableDefinition } from '../../../../api/templates';
import { newStaticCanvas } from '../../../../canvas/design-loader';
import { withSampleValues } from '../../../../canvas/sample-values';
import { previewValues } from '../../sample-values';
import { thumbnailScale } from '../../thumbnail';
import { loadIntoCanvas } from '../serializer';
import { variablesInDesign } from '../variables/design-variables';

/**
 * A version's thumbnail: the design drawn with its variables' sample values (their defaults, else a value of their
 * type, as the HTML editor's thumbnails and the starter gallery show them), scaled to THUMBNAIL_SIDE, as a PNG data
 * URL. Not the editor's canvas: that shows the `{{headline}}` placeholders being edited, and the templates list
 * would show them too. A variable the design uses without a definition is sampled as text (its name).
 */
export async function versionThumbnail(
  design: Record<string, unknown>,
  definitions: readonly VariableDefinition[],
  size: { width: number; height: number },
): Promise<string> {
  const defined = new Set(definitions.map((d) => d.name));
  const undefinedNames = variablesInDesign(design)
    .map((v) => v.name)
    .filter((name) => !defined.has(name));
  const samples = previewValues([...definitions, ...undefinedNames.map((name) => ({ name, type: 'text' as const }))], {});
  const canvas = newStaticCanvas(document.createElement('canvas'), size);
  try {
    await loadIntoCanvas(canvas, withSampleValues(design, samples));
    return canvas.toDataURL({ format: 'png', multiplier: thumbnailScale(size), enableRetinaScaling: false });
  } finally {
    void canvas.dispose();
  }
}
