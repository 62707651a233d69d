// Processes by id: a process's children as Linux lists them (/proc), and a signal to one that may
// be gone. The replicator finds its Litestream under the shell it runs in, and the disaster drill
// finds it under the server to kill it.
import { readFileSync } from 'node:fs';

/** The ids of `pid`'s child processes; none when it is gone (or this is not Linux). */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${String(pid)}/task/${String(pid)}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number)
      .filter((child) => child > 0);
  } catch {
    return [];
  }
}

/** The child of `pid` whose program (its first argument) `matches`, if one runs. */
export function childRunning(pid: number, matches: (program: string) => boolean): number | undefined {
  for (const child of childrenOf(pid)) {
    try {
      const [program = ''] = readFileSync(`/proc/${String(child)}/cmdline`, 'utf8').split('\0');
      if (matches(program)) return child;
    } catch {
      // Gone between the listing and the read.
    }
  }
  return undefined;
}

/** Sends `signal` to `pid` (a negative pid: its process group), unless it has ended already. */
export function signalQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}
