import type { VariableDefinition } from '@pressroom/contracts';

/** What every starter has, whatever its design is made of. */
export interface StarterBase {
  key: string;
  name: string;
  category: string;
  description: string;
  width: number;
  height: number;
  variableDefinitions: VariableDefinition[];
}

/** A variable with its default (starters render as shipped), inserted escaped. */
export const v = (name: string, defaultValue: string, type: VariableDefinition['type'] = 'text'): VariableDefinition => ({
  name,
  type,
  defaultValue,
  allowRawHtml: false,
});
