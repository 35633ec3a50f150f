import './fabric-augment';
import { FabricObject, type Canvas, type StaticCanvas } from 'fabric';
import { accountDesignFonts } from '../../../canvas/account-design-fonts';
import { COLOUR_PREVIEWS } from '../../../canvas/colour-previews';
import { loadDesign, type DesignFont } from '../../../canvas/design-loader';
import { sampleValues, withSampleValues } from '../../../canvas/sample-values';
import type { Template } from '../../../api/templates';

/**
 * Properties of ours (and fabric's editing flags) that fabric's `toObject` leaves out unless asked:
 * the layer name, the variable bindings and `_if` the renderer's templating reads, text auto-fit,
 * image fit, and the lock/visibility state of a layer.
 */
export const SAVED_PROPERTIES = [
  'name',
  'variableBindings',
  '_if',
  'autoFit',
  'autoFitMaxFontSize',
  'autoFitHeight',
  'autoFitMode',
  'imageFit',
  'selectable',
  'evented',
  'lockMovementX',
  'lockMovementY',
  'lockRotation',
  'lockScalingX',
  'lockScalingY',
] as const;

// Registered once: every object's toObject includes them, also inside groups and clip paths. The editor's
// colour previews go along too (copies, undo steps), and are turned back into placeholders when saved.
FabricObject.customProperties = [...SAVED_PROPERTIES, COLOUR_PREVIEWS];

/**
 * The `fabricJSData` the API stores and renders: fabric's own JSON of the canvas (same fabric version as the
 * renderer, 7.4.0) with our properties. The size travels beside it (template width/height), not inside.
 */
export function serializeCanvas(canvas: StaticCanvas): Record<string, unknown> {
  const data = canvas.toObject([...SAVED_PROPERTIES, COLOUR_PREVIEWS]) as Record<string, unknown>;
  // The editor's own selection styling is not part of the design.
  delete data.hoverCursor;
  return data;
}

/**
 * Loads a saved `fabricJSData` into a canvas exactly as the renderer draws it (canvas/design-loader.ts:
 * the same canvas keys, objects without origins at their top-left corner, the account's fonts loaded from
 * the files the renderer uses and awaited before fabric measures any text). `fonts` defaults to the
 * account's font assets; `strictFonts` fails on a font that does not load (the editor goes on without it).
 */
export async function loadIntoCanvas(
  canvas: Canvas | StaticCanvas,
  data: Record<string, unknown>,
  options: { fonts?: readonly DesignFont[]; strictFonts?: boolean } = {},
): Promise<void> {
  await loadDesign(canvas, {
    design: data,
    fonts: options.fonts ?? (await accountDesignFonts()),
    strictFonts: options.strictFonts ?? false,
  });
  canvas.requestRenderAll();
}

/**
 * A saved canvas template drawn as a reader sees it before any render: `loadIntoCanvas` with its
 * variables' defaults filled in where the design has placeholders. The view page and the Templates
 * page's drawn thumbnails both draw this way.
 */
export async function loadTemplateDrawing(
  canvas: Canvas | StaticCanvas,
  template: Pick<Template, 'variableDefinitions'> & { fabricJSData: Record<string, unknown> },
  options: { fonts?: readonly DesignFont[]; strictFonts?: boolean } = {},
): Promise<void> {
  await loadIntoCanvas(canvas, withSampleValues(template.fabricJSData, sampleValues(template.variableDefinitions)), options);
}
