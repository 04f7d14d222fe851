import { readFileSync } from 'node:fs';

/** Resident set size in MB as the kernel reports it (VmRSS), or NaN when the process is gone. */
export function rssMb(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}
