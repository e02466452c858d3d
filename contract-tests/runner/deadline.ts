// The whole run's time limit (--deadline). Each request and each check has a timeout of its own,
// but a target that answers every request slowly makes every check wait for it: some 15 s a check,
// hours for a run. Past the deadline the run stops, says why in one line and exits with code 2.

/** Past the deadline, how long the removal of the run's records may still take. */
export const AFTER_DEADLINE_MS = 5_000

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000 } as const

/** How the line names a duration: `5 s`, `10 min`, `1.5 h`. */
export function formatDuration(ms: number): string {
  if (ms >= UNIT_MS.h && ms % (UNIT_MS.h / 10) === 0) return `${String(ms / UNIT_MS.h)} h`
  if (ms >= UNIT_MS.m && ms % (UNIT_MS.m / 10) === 0) return `${String(ms / UNIT_MS.m)} min`
  return ms >= UNIT_MS.s ? `${String(Math.round(ms / 100) / 10)} s` : `${String(ms)} ms`
}

export interface Deadline {
  /** Aborted when the deadline passes. */
  signal: AbortSignal
  /** Resolves when the deadline passes; never, once ended. */
  passed: Promise<'deadline'>
  /** The run is over: the deadline no longer applies. */
  end: () => void
}

/** Starts the clock; `onPassed` runs once, when the deadline passes before end(). */
export function startDeadline(ms: number, onPassed: () => void): Deadline {
  const controller = new AbortController()
  const passed = new Promise<'deadline'>((resolve) => {
    controller.signal.addEventListener('abort', () => {
      resolve('deadline')
    })
  })
  // past 2^31 - 1 ms a timer fires at once: so long a deadline is none
  const timer = setTimeout(
    () => {
      onPassed()
      controller.abort()
    },
    Math.min(ms, 2 ** 31 - 1),
  )
  // The clock alone keeps no process alive: a run that is over exits without waiting for it.
  timer.unref()
  return {
    signal: controller.signal,
    passed,
    end: () => {
      clearTimeout(timer)
    },
  }
}
