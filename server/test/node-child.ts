import { spawn } from 'node:child_process';

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  /** the child outlived `killAfterMs` and the test ended it (SIGKILL), with no line on its stderr */
  endedByTest: boolean;
}

/**
 * Runs `script` (an ES module's source) in a child Node process with tsx; its exit and stderr. A child still running
 * after `killAfterMs` is killed by the test (for the hang watchdog's and the test hang guard's tests: a child the
 * guard failed to end, or kept alive).
 */
export function runNodeScript(script: string, killAfterMs: number): Promise<ChildExit> {
  const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  p.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  let endedByTest = false;
  const guard = setTimeout(() => {
    endedByTest = true;
    p.kill('SIGKILL');
  }, killAfterMs);
  return new Promise((resolve) =>
    p.once('exit', (code, signal) => {
      clearTimeout(guard);
      resolve({ code, signal, stderr, endedByTest });
    }),
  );
}
