// Whether a process still runs (signal 0 asks without sending anything): the replicator's test and
// the disaster drill check that Litestream never outlives its server.
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
