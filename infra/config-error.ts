/** A configuration variable with a value the service cannot start with: names the variable, what it expects and what it got. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly variable: string, expected: string, value: string | undefined) {
    super(`${variable}: expected ${expected}, got ${value === undefined ? 'nothing' : JSON.stringify(value)}`);
  }
}
