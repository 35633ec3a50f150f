/** The layout every template has: its own size. */
export const DEFAULT_LAYOUT = 'default';

/** One size a batch can render each row in: a layout's key, said in plain words with its size. */
export interface LayoutChoice {
  key: string;
  label: string;
}

type Layouts = Record<string, { name?: string | undefined; width?: number | undefined; height?: number | undefined }> | null;

/**
 * A layout as people read it, in the form's Sizes and the results' Size column alike: the template's own size is
 * "Main size", any other layout its display name, else its key (also when the template is unknown or lost it).
 */
export function layoutName(template: { layouts?: Layouts | undefined } | undefined, key: string): string {
  if (key === DEFAULT_LAYOUT) return 'Main size';
  return template?.layouts?.[key]?.name || key;
}

/**
 * The sizes a batch can render each row in, said in plain words: the template's own size as "Main size", then each
 * of its layouts by name, each with its pixels ("Main size (1200 × 630)", "square (100 × 100)"). A layout without a
 * size of its own has the template's. An empty list when the template has no layout of its own: there is nothing to
 * choose (the form then renders the main size and says nothing of layouts).
 */
export function layoutChoices(template: { width: number; height: number; layouts?: Layouts }): LayoutChoice[] {
  const own = Object.entries(template.layouts ?? {}).filter(([key]) => key !== DEFAULT_LAYOUT);
  if (own.length === 0) return [];
  const size = (width: number | undefined, height: number | undefined) => `${width ?? template.width} × ${height ?? template.height}`;
  return [
    { key: DEFAULT_LAYOUT, label: `${layoutName(template, DEFAULT_LAYOUT)} (${size(template.width, template.height)})` },
    ...own.map(([key, layout]) => ({ key, label: `${layoutName(template, key)} (${size(layout.width, layout.height)})` })),
  ];
}
