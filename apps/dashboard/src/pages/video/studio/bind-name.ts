import { VARIABLE_NAME_MAX_LENGTH } from '@pressroom/contracts/constants';
import { tooLong } from '../../../kit/too-long';

/**
 * Why "Bind to selected clip" cannot bind `typed` as the variable's name, said beside Variable name, or undefined when
 * it can. The length is the API's (the same constant its schemas use), checked here so an overlong name is refused
 * where it is typed, in the words Save would show, instead of being bound and only refused at Save.
 */
export function bindNameProblem(typed: string): string | undefined {
  const name = typed.trim();
  if (name === '') return 'Type the name of the variable that fills this setting.';
  if (name.length > VARIABLE_NAME_MAX_LENGTH) return tooLong(VARIABLE_NAME_MAX_LENGTH);
  return undefined;
}
