/** What a side may be: the range and step the number field offers, and the check said beside it as it is typed. */
export interface SideRule {
  min?: number | undefined;
  max?: number | undefined;
  step?: number | undefined;
  /** The message for a side the API would refuse, or undefined when it is fine. */
  problem: (side: number, name: 'width' | 'height') => string | undefined;
}
