/** A mistake the operator can fix (bad arguments, unknown account): printed without a stack. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}
