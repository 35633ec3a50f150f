import type { PdfPaperPreset } from '@pressroom/contracts/constants';
import { fieldError } from '../../kit/form';
import { SelectField } from '../../kit/select-field';
import { ORIENTATION_CHOICES, PAPER_CHOICES } from '../playground/playground-request';
import { chosenLandscape, type PaperChoice } from './paper-choice';

/** The Paper choice's value for the template's own paper (no preset has this name). */
const TEMPLATE_VALUE = 'template';

/**
 * A template PDF's paper: the template's own (named by `templatePaper`: its preset, or "design size") or one of the
 * API's presets, with an orientation once a preset is chosen. The request carries the paper as the page's `width` and
 * `height`, so the API's refusal of either stands beside Paper, as does its refusal of the template's own preset. Sibling fields with no wrapper: the form lays them out.
 */
export function PaperFields({
  templatePaper,
  paper,
  design,
  onChange,
  error,
}: {
  templatePaper: string;
  paper: PaperChoice;
  design: { width: number; height: number };
  onChange: (paper: PaperChoice) => void;
  error: unknown;
}) {
  return (
    <>
      <SelectField
        label="Paper"
        value={paper.preset ?? TEMPLATE_VALUE}
        onChange={(e) => onChange({ ...paper, preset: e.target.value === TEMPLATE_VALUE ? null : (e.target.value as PdfPaperPreset) })}
        options={[[TEMPLATE_VALUE, `Template’s paper (${templatePaper})`], ...PAPER_CHOICES]}
        error={fieldError(error, 'width') ?? fieldError(error, 'height') ?? fieldError(error, 'options.preset')}
      />
      {paper.preset !== null && (
        <SelectField
          label="Orientation"
          value={chosenLandscape(paper, design) ? 'landscape' : 'portrait'}
          onChange={(e) => onChange({ ...paper, landscape: e.target.value === 'landscape' })}
          options={ORIENTATION_CHOICES}
        />
      )}
    </>
  );
}
