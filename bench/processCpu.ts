import { existsSync, readdirSync, readFileSync } from 'node:fs';

// CPU time the engine's processes (the first and its serving processes) and PostgreSQL's spend,
// read from /proc (Linux). A p99 on this shared 2-core machine moves by a third between runs; CPU
// per request is the steady figure behind it: at 10 connections the engine's event loops are the
// busiest threads, so mean latency is about 10 x their CPU per request divided by the cores they
// get. Elsewhere (no /proc) the figures are left out.
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

/** CPU ticks now, by pid, of every process whose /proc stat `matches`. */
function ticksOf(matches: (stat: { comm: string; ppid: string }, pid: string) => boolean): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]!;
      if (matches({ comm, ppid }, pid)) ticks.set(pid, cpuTicks(pid));
    } catch { /* gone */ }
  }
  return ticks;
}

const postgresTicks = () => ticksOf(({ comm }) => comm === 'postgres');
/** The engine's first process and the node processes it forked to serve. */
const engineTicks = (enginePid: string) => ticksOf(({ comm, ppid }, pid) => pid === enginePid || (ppid === enginePid && comm === 'node'));

/**
 * Ticks since `before`, process by process: a process that ended meanwhile (a pool closing a
 * connection that worked before the count started) must not subtract its earlier work.
 */
function ticksSince(before: Map<string, number>, now: Map<string, number>): number {
  let ticks = 0;
  for (const [pid, current] of now) ticks += current - (before.get(pid) ?? 0);
  return ticks;
}

/**
 * Per request: the engine's CPU, PostgreSQL's, and the load generator's own (this process: it
 * shares the two cores, so what it spends is taken from the engine and the database).
 */
export interface CpuPerRequest {
  engineMs: number;
  postgresMs: number;
  loadGeneratorMs: number;
  /**
   * Share of the machine's CPU time the virtual machine's host took for others meanwhile (steal
   * time, in %): while it is taken, requests in flight wait, and they make the slowest 1%.
   * Absent from runs before it was counted.
   */
  stolenPercent?: number;
}

/** The machine's stolen and total CPU ticks so far (the first line of /proc/stat). */
function machineTicks(): { stolen: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  return { stolen: fields[7] ?? 0, total: fields.reduce((sum, n) => sum + n, 0) };
}

/** Starts counting; the returned function gives CPU ms per request over `requests` since then. */
export function startCpuCount(enginePid: number | undefined, withPostgres: boolean): ((requests: number) => CpuPerRequest | undefined) {
  if (!enginePid || !existsSync(`/proc/${enginePid}/stat`)) return () => undefined;
  const engine0 = engineTicks(String(enginePid));
  const postgres0 = withPostgres ? postgresTicks() : new Map<string, number>();
  const self0 = process.cpuUsage();
  const machine0 = machineTicks();
  const stolenPercent = () => {
    const now = machineTicks();
    return (100 * (now.stolen - machine0.stolen)) / Math.max(1, now.total - machine0.total);
  };
  return (requests) => ({
    stolenPercent: stolenPercent(),
    loadGeneratorMs: ((({ user, system }) => user + system)(process.cpuUsage(self0)) / 1000) / requests,
    engineMs: (ticksSince(engine0, engineTicks(String(enginePid))) * MS_PER_TICK) / requests,
    postgresMs: withPostgres ? (ticksSince(postgres0, postgresTicks()) * MS_PER_TICK) / requests : 0,
  });
}

/**
 * Resolves once the engine's serving processes have been idle for half a second (or after
 * `maxMs`). A serving process takes a new connection from its event loop, so one still busy after
 * its start (compiling the contract's validators) took none of the connections opened meanwhile:
 * the bench's kept-alive connections were then split 9 and 2, or 11 and 0, between two processes.
 */
export async function servingProcessesIdle(enginePid: number | undefined, maxMs = 30_000): Promise<void> {
  if (!enginePid || !existsSync(`/proc/${enginePid}/stat`)) return;
  const serving = () => ticksOf(({ comm, ppid }) => ppid === String(enginePid) && comm === 'node');
  for (const deadline = Date.now() + maxMs; Date.now() < deadline;) {
    const before = serving();
    await new Promise((resolve) => setTimeout(resolve, 500));
    // At most 2 ticks (20 ms) of CPU in the half second, in each of them.
    if ([...serving()].every(([pid, ticks]) => ticks - (before.get(pid) ?? ticks) <= 2)) return;
  }
}
