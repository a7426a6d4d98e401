// Whether a process with this id runs on this machine: asked before taking over what a process left behind
// (a build's lock, a data folder's partial copy), which must not be taken from one still at work. In db/,
// the lowest layer, so the data folder's start (db) and the build script can both use it.

export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
