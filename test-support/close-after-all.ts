// Test support: what a test file's beforeAll opened, closed after its tests whatever failed. A
// beforeAll that throws half-way (a browser that cannot launch, a cluster that cannot start) has
// opened only some things: those are closed, newest first, each even when another's close throws,
// so that no server or process keeps Jest from exiting.
import { afterAll } from '@jest/globals'

export interface Opened {
  /** Registers `close` for `value` (run after the file's tests) and returns `value`. */
  track: <T>(value: T, close: (value: T) => unknown) => T
}

/** Call at the top of a test file; `track` each thing its beforeAll opens. */
export function closeAfterAll(): Opened {
  const closers: (() => unknown)[] = []
  afterAll(async () => {
    const failures: unknown[] = []
    for (const close of closers.reverse()) {
      try {
        await close()
      } catch (error) {
        failures.push(error)
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, 'Closing after the tests failed')
  })
  return {
    track(value, close) {
      closers.push(() => close(value))
      return value
    },
  }
}
