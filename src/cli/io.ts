/**
 * The terminal side of `tote`: questions on stderr (stdout carries only what
 * a command produces, so `tote login >> .env` works), and a password read
 * without echo from a terminal, or as one line from a pipe.
 */
import { createInterface } from 'node:readline';

export type Env = Record<string, string | undefined>;

export interface CliIo {
  env: Env;
  stdin: NodeJS.ReadStream;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** One line typed after `prompt` (echoed: not for secrets). */
export function ask(io: CliIo, prompt: string): Promise<string> {
  io.stdin.setEncoding('utf8');
  const rl = createInterface({ input: io.stdin, terminal: false });
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    rl.once('line', (line) => {
      // Settled before close, whose handler would otherwise refuse a line that did arrive.
      resolve(line.trim());
      rl.close();
    });
    rl.once('close', () => reject(new Error('No answer: the input ended')));
  });
}

/**
 * A secret typed after `prompt`: in a terminal, raw mode, nothing echoed
 * (Backspace edits, Ctrl-C stops); from a pipe, the first line. The value
 * goes to the caller only, never to a log.
 */
export function askSecret(io: CliIo, prompt: string): Promise<string> {
  const input = io.stdin;
  if (!input.isTTY) return ask(io, prompt);
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let typed = '';
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.resume();
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') return done(new Error('Cancelled'));
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else if (ch >= ' ') typed += ch;
      }
    };
    input.on('data', onData);
  });
}

/** `--name value` or `--name=value`. */
export function option(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}
