// CPU time of this process's threads, from /proc (Linux; elsewhere undefined). The main thread's own
// CPU time leaves out what its event-loop figure also counts: time it was busy but waiting for a
// core, which on two shared cores is a sixth of it at 100/s (BENCHMARKS.md, 2026-11-25, third part).

import { readdirSync, readFileSync } from 'node:fs';

// /proc counts in clock ticks of USER_HZ, which Linux fixes at 100 a second.
const msPerTick = 10;

export interface ThreadCpu {
  mainMs: number;
  /** libuv's thread pool: asynchronous file calls, LevelDB's reads and writes, zlib and crypto jobs. */
  threadPoolMs: number;
}

export function threadCpu(): ThreadCpu | undefined {
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return undefined;
  }
  const cpu: ThreadCpu = { mainMs: 0, threadPoolMs: 0 };
  for (const task of tasks) {
    let stat: string;
    let name: string;
    try {
      [stat, name] = [readFileSync(`/proc/self/task/${task}/stat`, 'utf8'), readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim()];
    } catch {
      continue; // the thread ended meanwhile
    }
    // Fields after the name, which may hold spaces: the state, then utime and stime at 12 and 13.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * msPerTick;
    if (Number(task) === process.pid) cpu.mainMs += ms;
    else if (name === 'libuv-worker') cpu.threadPoolMs += ms;
  }
  return cpu;
}
