// Encoding yields to answering. sharp hands each transform to libvips, whose own threads
// ("libvips worker") decode, resize and encode; on a pod's one or two cores they would otherwise
// take the CPU from the main thread in a burst of new renditions, and every request in flight
// would wait. Those threads run at the lowest scheduling priority (nice 19: the main thread
// weighs about 68× one of them), so the event loop runs as soon as it has work and the encoders
// use what is left; when the CPU is saturated by pages, renditions wait (the transform queue
// bounds how many, then 503). libuv's pool threads, which also read files, keep their priority.
// Linux only (threads are read from /proc/self/task); elsewhere nothing changes.
import os from "node:os";
import { readdir, readFile } from "node:fs/promises";

/** The niceness of libvips's threads (the main thread keeps the process's, normally 0). */
export const ENCODER_NICENESS = 19;

/** The name libvips gives its worker threads. */
export const ENCODER_THREAD = "libvips worker";

/** Threads already lowered (by id). Others are read again each scan: a new thread is named by
 *  libvips only once it runs, so a name read too early is not final. */
const lowered = new Set<number>();
/** The process's thread count at the last scan: while it stays the same, there is nothing new to read. */
let threadsAtLastScan = -1;

/**
 * Lowers the priority of libvips's threads not yet lowered; resolves with how many it lowered
 * now. libvips keeps its threads for later transforms: calling this after each transform lowers
 * each thread once, from the end of the first transform it took part in. Never rejects.
 */
export async function lowerEncoderPriority(): Promise<number> {
  let tasks: string[];
  try {
    tasks = await readdir("/proc/self/task");
  } catch {
    return 0;
  }
  if (tasks.length === threadsAtLastScan) return 0;
  threadsAtLastScan = tasks.length;
  let count = 0;
  for (const task of tasks) {
    const tid = Number(task);
    if (lowered.has(tid)) continue;
    const name = await readFile(`/proc/self/task/${task}/comm`, "utf8").catch(() => "");
    if (name.trim() !== ENCODER_THREAD) continue;
    try {
      // On Linux a thread id names that one thread to setpriority(2).
      os.setPriority(tid, ENCODER_NICENESS);
      lowered.add(tid);
      count += 1;
    } catch {
      // The thread ended meanwhile.
    }
  }
  return count;
}
