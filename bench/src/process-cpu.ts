import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const clockTicksPerSecond =
  Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/**
 * CPU seconds (user + system) a process has used so far, from `/proc/<pid>/stat`; `undefined`
 * where there is no /proc. On a shared host this is steadier than throughput: time the process
 * waits for a busy core is not counted.
 */
export function processCpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; fields 14 and 15, utime and stime, count
    // from the state after its closing parenthesis (field 3 = index 0).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond;
  } catch {
    return undefined;
  }
}
