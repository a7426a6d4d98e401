// One JSON line per event on stdout, so a log collector can read it. Callers never pass secrets.
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

function line(level: string, event: string, fields: Record<string, unknown> = {}) {
  return JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
}

export function consoleLogger(): Logger {
  return {
    info: (event, fields) => console.log(line('info', event, fields)),
    warn: (event, fields) => console.warn(line('warn', event, fields)),
    error: (event, fields) => console.error(line('error', event, fields)),
  };
}

export function silentLogger(): Logger {
  const ignore = () => {};
  return { info: ignore, warn: ignore, error: ignore };
}
