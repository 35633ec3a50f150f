import { plural as pluralWith } from '@pressroom/contracts/plural';
import { formatCount } from './format.js';

export { pluralNoun } from '@pressroom/contracts/plural';

/** Pressroom's one plural rule (@pressroom/contracts/plural), with the page's thousands separators: "1,200 renders". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return pluralWith(count, one, many, (n) => formatCount(Number(n)));
}
