import type { FabricObject } from 'fabric';

const KIND_NAMES: Record<string, string> = {
  textbox: 'Text',
  itext: 'Text',
  text: 'Text',
  rect: 'Rectangle',
  circle: 'Circle',
  ellipse: 'Ellipse',
  line: 'Line',
  polygon: 'Polygon',
  polyline: 'Polyline',
  path: 'Path',
  image: 'Image',
  group: 'Group',
  triangle: 'Triangle',
};

const SNIPPET_LENGTH = 24;

/**
 * The name a layer shows: its `name`, else its kind (a saved design from elsewhere may have no names), with the
 * start of its words for a text, so that a starter's eight unnamed layers are not eight "Text" rows.
 */
export function layerName(object: FabricObject): string {
  // Checked, not assumed: the root typecheck (unit tests) sees this file without fabric-augment.ts's `name`.
  const name = 'name' in object ? object.name : undefined;
  if (typeof name === 'string' && name.trim() !== '') return name;
  const kind = KIND_NAMES[object.type.toLowerCase()] ?? object.type;
  const text = 'text' in object && typeof object.text === 'string' ? object.text.replace(/\s+/g, ' ').trim() : '';
  if (text === '') return kind;
  return `${kind} “${text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH - 1)}…` : text}”`;
}

/**
 * The variables the object's properties are bound to (`variableBindings`: its text, image source or fill), each
 * once, in the order bound: the layer row says so, since a bound text still shows its default words on the canvas.
 */
export function boundVariables(object: FabricObject): string[] {
  const bindings: unknown = 'variableBindings' in object ? object.variableBindings : undefined;
  if (typeof bindings !== 'object' || bindings === null) return [];
  const names = Object.values(bindings).filter((name): name is string => typeof name === 'string' && name !== '');
  return [...new Set(names)];
}

const keys = new WeakMap<FabricObject, number>();
let nextKey = 1;
/** A stable React key per fabric object (fabric objects have no id of their own). */
export function objectKey(object: FabricObject): number {
  let key = keys.get(object);
  if (key === undefined) {
    key = nextKey++;
    keys.set(object, key);
  }
  return key;
}
