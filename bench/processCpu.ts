import { existsSync, readdirSync, readFileSync } from 'node:fs';

// CPU time the engine process and PostgreSQL's processes spend, read from /proc (Linux). A p99 on
// this shared 2-core machine moves by a third between runs; CPU per request is the steady figure
// behind it: at 10 connections the engine's event loop is the busiest thread, so mean latency is
// about 10 x its CPU per request. Elsewhere (no /proc) the figures are left out.
const MS_PER_TICK = 10; // /proc counts CPU time in USER_HZ ticks, 100 per second on Linux

function cpuTicks(pid: string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // the process ended meanwhile
  }
}

function postgresTicks(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') ticks += cpuTicks(pid);
    } catch { /* gone */ }
  }
  return ticks;
}

export interface CpuPerRequest { engineMs: number; postgresMs: number }

/** Starts counting; the returned function gives CPU ms per request over `requests` since then. */
export function startCpuCount(enginePid: number | undefined, withPostgres: boolean): ((requests: number) => CpuPerRequest | undefined) {
  if (!enginePid || !existsSync(`/proc/${enginePid}/stat`)) return () => undefined;
  const engine0 = cpuTicks(String(enginePid));
  const postgres0 = withPostgres ? postgresTicks() : 0;
  return (requests) => ({
    engineMs: ((cpuTicks(String(enginePid)) - engine0) * MS_PER_TICK) / requests,
    postgresMs: withPostgres ? ((postgresTicks() - postgres0) * MS_PER_TICK) / requests : 0,
  });
}
