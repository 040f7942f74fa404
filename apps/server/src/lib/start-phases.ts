import type { FastifyBaseLogger } from 'fastify';

const mb = (bytes: number) => Math.round(bytes / 1048576);

/**
 * The phases of a server start, each logged at info level as it ends with its duration and the memory then
 * (ADR 169): the first start on an empty data folder has a budget of 5 s to healthy and 500 MB of peak
 * memory, and this is how a slow or heavy one is explained. `cpuMs` is the processor time of the whole
 * process in the phase (all its threads), which a busy machine does not inflate as it does `ms`;
 * `peakRssMb` is the process's high-water mark (the kernel's VmHWM), which is what the budget counts.
 */
export interface StartPhases {
  /** ends the phase running since the previous mark (or since the process started, for the first) */
  mark(phase: string): void;
  /** logs the whole start once: every phase and the time since the process started */
  done(message: string): void;
}

export function memoryNow() {
  return { rssMb: mb(process.memoryUsage.rss()), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) };
}

export function startPhases(log: FastifyBaseLogger): StartPhases {
  const phases: Record<string, number> = {};
  // performance.now() and the process's processor time count from its start, so the first phase is the
  // loading of the code
  let last = 0;
  let lastCpu: NodeJS.CpuUsage = { user: 0, system: 0 };
  const cpuMs = (u: NodeJS.CpuUsage) => Math.round((u.user + u.system) / 1000);
  return {
    mark(phase) {
      const now = performance.now();
      const cpu = process.cpuUsage();
      const ms = Math.round(now - last);
      phases[phase] = ms;
      log.info({ phase, ms, cpuMs: cpuMs(cpu) - cpuMs(lastCpu), ...memoryNow() }, 'start phase');
      last = now;
      lastCpu = cpu;
    },
    done(message) {
      log.info({ sinceProcessStartMs: Math.round(performance.now()), cpuMs: cpuMs(process.cpuUsage()), phases, ...memoryNow() }, message);
    },
  };
}
