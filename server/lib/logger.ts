// One JSON line per event on stdout, so a log collector can read it. Callers never pass secrets.
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

function line(level: string, event: string, fields: Record<string, unknown> = {}) {
  return JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
}

/**
 * Lines written together, at most this long: at most 4,096 bytes of UTF-8, which one write to a pipe
 * never interleaves with another process's (PIPE_BUF), so workers sharing stdout never split a line.
 */
const ONE_WRITE_CHARS = 1_024;

/**
 * Info lines (one per request) are gathered and written once per turn of the event loop, a few
 * lines a write, instead of one write each: on a busy server the writes cost a fifth of a cached
 * catalog read. Warnings and errors are written at once, after whatever info came before them; what
 * is gathered is written before the process exits.
 */
export function consoleLogger(): Logger {
  let gathered = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!gathered) return;
    const text = gathered;
    gathered = '';
    process.stdout.write(text);
  };
  process.on('exit', flush);
  const gather = (text: string) => {
    if (gathered.length + text.length > ONE_WRITE_CHARS) flush();
    gathered += `${text}\n`;
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return {
    info: (event, fields) => gather(line('info', event, fields)),
    warn: (event, fields) => {
      flush();
      console.warn(line('warn', event, fields));
    },
    error: (event, fields) => {
      flush();
      console.error(line('error', event, fields));
    },
  };
}

export function silentLogger(): Logger {
  const ignore = () => {};
  return { info: ignore, warn: ignore, error: ignore };
}
