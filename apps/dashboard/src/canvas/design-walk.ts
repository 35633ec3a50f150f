/** A FabricJS design as the API stores it (`fabricJSData`): plain JSON. */
export type DesignJson = Record<string, unknown>;

/**
 * Every object of a design, children of groups included, depth first in drawing order. Pure: the
 * editor's colour previews, the variables panel and their unit tests walk designs with it.
 */
export function eachObject(design: DesignJson, visit: (object: DesignJson) => void): void {
  const stack: unknown[] = Array.isArray(design.objects) ? [...(design.objects as unknown[])].reverse() : [];
  while (stack.length > 0) {
    const object = stack.pop();
    if (!object || typeof object !== 'object' || Array.isArray(object)) continue;
    visit(object as DesignJson);
    const children = (object as DesignJson).objects;
    if (Array.isArray(children)) stack.push(...[...children].reverse());
  }
}
