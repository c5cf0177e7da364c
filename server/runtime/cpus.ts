// The CPUs this container may use: its cgroup's CPU quota (cgroup v2 `cpu.max`, else v1
// `cpu.cfs_quota_us` / `cpu.cfs_period_us`), rounded up. Node's `os.availableParallelism()` counts
// the node's cores, which in a pod without a CPU limit is every core of the machine: sizing work
// by it lets one pod start as many image transforms as a 64-core node has, and run out of memory.
// Undefined when no quota is set (the caller decides: the chart passes the pod's CPU request).
import { readFileSync } from "node:fs";

function read(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
}

/** `quota period` (v2: "max 100000" is no quota) as a whole number of CPUs, rounded up. */
export function cpusOfQuota(quota: number, period: number): number | undefined {
  if (!Number.isFinite(quota) || !Number.isFinite(period) || quota <= 0 || period <= 0) return undefined;
  return Math.max(1, Math.ceil(quota / period));
}

/** The container's CPU quota in whole CPUs, or undefined when it has none. `root`: for tests. */
export function cgroupCpuQuota(root = "/sys/fs/cgroup"): number | undefined {
  const v2 = read(`${root}/cpu.max`);
  if (v2 !== undefined) {
    const [quota, period] = v2.split(/\s+/);
    return quota === "max" ? undefined : cpusOfQuota(Number(quota), Number(period));
  }
  for (const dir of [`${root}/cpu`, `${root}/cpu,cpuacct`]) {
    const quota = read(`${dir}/cpu.cfs_quota_us`);
    const period = read(`${dir}/cpu.cfs_period_us`);
    if (quota !== undefined && period !== undefined) return cpusOfQuota(Number(quota), Number(period));
  }
  return undefined;
}
