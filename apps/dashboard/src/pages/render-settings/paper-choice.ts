import { paperPresetPixels, type PdfPaperPreset } from '@pressroom/contracts/constants';

/**
 * The paper a template's PDF prints on, as chosen in a Render panel: the template's own (`preset: null`: its
 * `pdfPreset`, else the design's size), or one of the API's presets, turned as chosen (`landscape: null`: the way the
 * design is turned, until a person picks an orientation).
 */
export interface PaperChoice {
  preset: PdfPaperPreset | null;
  landscape: boolean | null;
}

export const TEMPLATE_PAPER: PaperChoice = { preset: null, landscape: null };

/** Whether the chosen paper lies landscape: as chosen, else as the design does. */
export function chosenLandscape(choice: PaperChoice, design: { width: number; height: number }): boolean {
  return choice.landscape ?? design.width > design.height;
}

/**
 * The page a template's PDF render asks for on the chosen paper, in CSS pixels (POST /templates/{uid}/render takes a
 * page as `width` and `height`, not a preset: the contracts' one conversion); none for the template's own paper.
 */
export function chosenPaperPixels(
  choice: PaperChoice,
  design: { width: number; height: number },
): { width: number; height: number } | undefined {
  return choice.preset === null ? undefined : paperPresetPixels(choice.preset, chosenLandscape(choice, design));
}
