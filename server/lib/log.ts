/** A small leveled logger that never prints secrets: known secret-bearing fields are masked. */
const SECRET_KEYS = /pass(word)?|secret|token|authorization|otp|cookie/i;

export type LogLevel = 'Trace' | 'Debug' | 'Info' | 'Warn' | 'Error' | 'None';
const ORDER: LogLevel[] = ['Trace', 'Debug', 'Info', 'Warn', 'Error', 'None'];

/** Replaces the values of secret-looking keys with `******`, at any depth. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '******' : maskSecrets(v)]));
  }
  return value;
}

export interface Logger {
  debug(msg: string, fields?: object): void;
  info(msg: string, fields?: object): void;
  warn(msg: string, fields?: object): void;
  error(msg: string, fields?: object): void;
}

/** A logger writing one line per entry to stderr, at or above `level`. */
export function createLogger(level: LogLevel, sink: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): Logger {
  const min = ORDER.indexOf(level);
  const at = (lvl: LogLevel) => (msg: string, fields?: object) => {
    if (ORDER.indexOf(lvl) < min) return;
    const extra = fields ? ` ${JSON.stringify(maskSecrets(fields))}` : '';
    sink(`${new Date().toISOString()} [${lvl.toUpperCase()}] ${msg}${extra}`);
  };
  return { debug: at('Debug'), info: at('Info'), warn: at('Warn'), error: at('Error') };
}
