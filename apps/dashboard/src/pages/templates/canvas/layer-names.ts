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

/** The name a layer shows: its `name`, else its kind (a saved design from elsewhere may have no names). */
export function layerName(object: FabricObject): string {
  const name = object.name;
  if (typeof name === 'string' && name.trim() !== '') return name;
  return KIND_NAMES[object.type.toLowerCase()] ?? object.type;
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
