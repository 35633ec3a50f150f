import { Gradient, type FabricObject } from 'fabric';
import { objectPlaceholder } from '../../../canvas/colour-previews';
import { Button } from '../../../kit/button';
import { useEditor } from './editor-context';
import { ChoiceField, ColorField, FieldGroup, NumberField } from './property-fields';

interface Stop {
  offset: number;
  color: string;
}

/** The angle (degrees, 0 = left to right) of a linear gradient in percentage units. */
function angleOf(gradient: Gradient<'linear'>): number {
  const { x1 = 0, y1 = 0, x2 = 1, y2 = 0 } = gradient.coords;
  return Math.round((Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI);
}

/**
 * A linear gradient across the object's box at an angle, from its stops. The stops keep the order they are listed in
 * (the canvas places each by its offset whatever the order): sorted, a position typed past the next stop's swapped the
 * two rows under the cursor, the field showing the other stop's number and colour.
 */
export function linearGradient(angle: number, stops: Stop[]): Gradient<'linear'> {
  const radians = (angle * Math.PI) / 180;
  const dx = Math.cos(radians) / 2;
  const dy = Math.sin(radians) / 2;
  return new Gradient({
    type: 'linear',
    gradientUnits: 'percentage',
    coords: { x1: 0.5 - dx, y1: 0.5 - dy, x2: 0.5 + dx, y2: 0.5 + dy },
    colorStops: stops,
  });
}

/** Fill: one colour, or a linear gradient with two or more stops (colour and position each). */
export function FillEditor({ object, label = 'Fill' }: { object: FabricObject; label?: string }) {
  const editor = useEditor();
  const fill = object.fill;
  const gradient = fill instanceof Gradient && fill.type === 'linear' ? fill : null;
  const solid = typeof fill === 'string' ? fill : '#000000';
  const apply = (value: string | Gradient<'linear'>) => {
    object.set('fill', value);
    editor.changed();
  };
  const stops: Stop[] = gradient ? gradient.colorStops.map((s) => ({ offset: s.offset, color: s.color })) : [];
  const angle = gradient ? angleOf(gradient) : 0;
  const setStops = (next: Stop[]) => apply(linearGradient(angle, next));
  return (
    <FieldGroup title={label}>
      <ChoiceField
        label={`${label} type`}
        value={gradient ? 'linear' : 'solid'}
        options={[
          ['solid', 'Solid colour'],
          ['linear', 'Linear gradient'],
        ]}
        onChange={(kind) =>
          apply(
            kind === 'solid'
              ? (stops[0]?.color ?? solid)
              : linearGradient(0, [
                  { offset: 0, color: solid },
                  { offset: 1, color: '#ffffff' },
                ]),
          )
        }
      />
      {!gradient && <ColorField label={`${label} colour`} value={solid} onChange={apply} placeholder={objectPlaceholder(object, 'fill')} />}
      {gradient && (
        <>
          <NumberField label="Gradient angle (°)" value={angle} min={-360} max={360} onChange={(a) => apply(linearGradient(a, stops))} />
          {stops.map((stop, i) => (
            // The colour keeps its swatch and hex whole; the position takes the rest, at least 5rem (in a laptop's
            // 16rem panel a three-column grid left it 28 px, "100" showing as "10"); Remove wraps under when short of room.
            <div key={i} className="col-span-2 flex flex-wrap items-end gap-2">
              <div className="shrink-0">
                <ColorField
                  label={`Stop ${i + 1} colour`}
                  value={stop.color}
                  onChange={(color) => setStops(stops.map((s, j) => (j === i ? { ...s, color } : s)))}
                />
              </div>
              <div className="min-w-20 max-w-32 flex-1">
                <NumberField
                  label={`Stop ${i + 1} position (%)`}
                  value={stop.offset * 100}
                  min={0}
                  max={100}
                  onChange={(p) => setStops(stops.map((s, j) => (j === i ? { ...s, offset: p / 100 } : s)))}
                />
              </div>
              <Button
                variant="ghost"
                disabled={stops.length <= 2}
                onClick={() => setStops(stops.filter((_, j) => j !== i))}
                aria-label={`Remove stop ${i + 1}`}
              >
                Remove
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            className="col-span-2"
            onClick={() => setStops([...stops, { offset: 1, color: stops[stops.length - 1]?.color ?? '#000000' }])}
          >
            Add gradient stop
          </Button>
        </>
      )}
    </FieldGroup>
  );
}
