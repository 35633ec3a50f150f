import { toHex } from './colour';

// WCAG 1.4.11 asks 3:1 for what identifies a control. slate-500 is 4.7:1 on the white panels: a frame around the
// input, and a ring around the colour itself inside it, so that a white, light or dark colour all show where the
// swatch is (the light slate-300 frame before, 1.5:1, let a white colour vanish into the panel).
const SWATCH = [
  'h-8 w-12 shrink-0 cursor-pointer rounded-md border border-slate-500 bg-white p-0.5',
  '[&::-webkit-color-swatch-wrapper]:p-0',
  '[&::-webkit-color-swatch]:rounded-sm [&::-webkit-color-swatch]:border [&::-webkit-color-swatch]:border-slate-500',
  '[&::-moz-color-swatch]:rounded-sm [&::-moz-color-swatch]:border [&::-moz-color-swatch]:border-slate-500',
].join(' ');

/**
 * A colour input (the browser's picker) with its value written beside it as hex: the swatch alone does not say
 * which colour it is, nor which of two near ones. `caption` replaces the hex (e.g. "Transparent").
 */
export function ColourSwatch(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  describedBy?: string | undefined;
  caption?: string | undefined;
}) {
  const hex = toHex(props.value);
  return (
    <div className="flex items-center gap-2">
      <input
        id={props.id}
        type="color"
        className={SWATCH}
        value={hex}
        aria-describedby={props.describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <span className="font-mono text-xs text-slate-800">{props.caption ?? hex}</span>
    </div>
  );
}
