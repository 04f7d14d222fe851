import { readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Resident set size in MB as the kernel reports it (VmRSS); NaN when the process is gone. */
export function rssMb(pid: number | undefined): number {
  const match = pid === undefined ? null : /^VmRSS:\s+(\d+)\s+kB/m.exec(read(`/proc/${pid}/status`) ?? '');
  return match ? Number(match[1]) / 1024 : NaN;
}

/** CPU seconds (user + system) the process has used so far; NaN when it is gone. */
export function cpuSeconds(pid: number | undefined): number {
  const stat = pid === undefined ? undefined : read(`/proc/${pid}/stat`);
  if (!stat) return NaN;
  // Fields after the command name, which may itself contain spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}
