/** Exit codes: 0 pass, 1 a gate failed, 2 usage or service error. */
export const EXIT = { pass: 0, gateFailed: 1, error: 2 } as const;

/** Ends the command with a one-line reason on stderr and the exit code. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode: number = EXIT.error) {
    super(message);
    this.name = 'CliError';
  }
}
