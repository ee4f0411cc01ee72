/**
 * Where the server's log lines go by default: standard output, a few lines at a time. Writing each
 * request's line on its own cost a system call per request, about a tenth of a short list's time;
 * the lines now wait at most `LOG_DELAY_MS` (or until `LOG_BATCH_BYTES` of them) and go out in one
 * write. A warning or an error goes out at once with whatever waited before it, and the process
 * writes what waits as it exits (a clean stop, a crash, `process.exit`): only a process killed
 * outright (SIGKILL) can lose the last fraction of a second's lines.
 */

/** The longest a line waits before it is written. */
export const LOG_DELAY_MS = 100;
/** Lines written together once they reach this size, whatever their age. */
export const LOG_BATCH_BYTES = 16 * 1024;
/** pino's level of a warning: a line at it or above is written at once. */
const WARN_LEVEL = 40;

export interface LogDestination {
  write(line: string): void;
  /** Writes what waits, now. */
  flush(): void;
}

/** Lines for `out`, written together (see above); `out` must write synchronously or queue in order. */
export function batchedLines(out: (text: string) => void): LogDestination {
  let waiting: string[] = [];
  let bytes = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (waiting.length === 0) return;
    const text = waiting.length === 1 ? waiting[0]! : waiting.join("");
    waiting = [];
    bytes = 0;
    out(text);
  };
  return {
    write(line: string) {
      waiting.push(line);
      bytes += line.length;
      if (bytes >= LOG_BATCH_BYTES || levelOf(line) >= WARN_LEVEL) {
        flush();
      } else if (!timer) {
        timer = setTimeout(flush, LOG_DELAY_MS);
        // Waiting lines never keep a process alive: its exit writes them.
        timer.unref();
      }
    },
    flush,
  };
}

/** The level of one of pino's lines (`{"level":30,...`); 0 for a line of another shape. */
function levelOf(line: string): number {
  if (!line.startsWith('{"level":')) return 0;
  const level = Number.parseInt(line.slice(9, 12), 10);
  return Number.isNaN(level) ? 0 : level;
}

let stdout: LogDestination | undefined;

/** The process's one batched standard output (every app built in it shares it, and its exit). */
export function batchedStdout(): LogDestination {
  if (!stdout) {
    const destination = batchedLines((text) => process.stdout.write(text));
    process.on("exit", () => destination.flush());
    stdout = destination;
  }
  return stdout;
}
