// Removes what is left of this run (even when tests failed), then stops what globalSetup started.
import { contractEnv } from './env.ts'
import { releaseSuiteResources } from './suite-processes.ts'
import { sweepRunRecords } from './sweep.ts'

export default async function globalTeardown(): Promise<void> {
  try {
    if (contractEnv().readOnly) return
    const leftovers = await sweepRunRecords()
    if (leftovers.length > 0) {
      console.warn(
        `contract suite: removed ${String(leftovers.length)} leftover record(s):\n${leftovers.join('\n')}`,
      )
    }
  } finally {
    await releaseSuiteResources()
  }
}
