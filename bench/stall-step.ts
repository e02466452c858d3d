import { DISTURBED_CORES } from './measure.ts'
import { DEFAULTS, startMock } from './mock-process.ts'
import { listedIds } from './requests.ts'
import { measureStall, type StallResult, type StallSettings } from './stall.ts'
import type { StepInputs } from './steps.ts'

const STALL_ATTEMPTS = 2

/** The stall run on a mock started with the defaults (request log on); a disturbed one again. */
export async function measureStallStep(
  inputs: StepInputs,
  stall: StallSettings,
): Promise<StallResult> {
  const { log } = inputs.settings
  const dataFile = await inputs.files.get(stall.contacts)
  let kept: StallResult | undefined
  for (let attempt = 1; attempt <= STALL_ATTEMPTS; attempt++) {
    log(
      `Stall during sustained writes (mock, ${stall.contacts.toLocaleString('en-US')} contacts, default flags):`,
    )
    const mock = await startMock({ ...inputs, dataFile, contacts: stall.contacts, flags: DEFAULTS })
    let result: StallResult
    try {
      const ids = await listedIds(mock.server.url)
      const context = { ids, searchTerm: inputs.workload.searchTerm, searchMatches: 1 }
      result = await measureStall(mock, context, stall)
    } finally {
      await mock.dispose()
    }
    log(
      `  worst probe ${result.maxMs.toFixed(1)} ms (in a snapshot ${result.maxDuringSnapshotMs.toFixed(1)}, ` +
        `outside ${result.maxOutsideSnapshotMs.toFixed(1)}), p99 ${result.p99Ms.toFixed(1)} ms, ` +
        `${String(result.probes)} probes over ${result.seconds.toFixed(1)} s; ` +
        `${result.createsPerSecond.toFixed(0)} creates/s; snapshots ` +
        `${result.snapshotSeconds.map((s) => `${s.toFixed(1)} s`).join(', ') || 'none finished'}; ` +
        `bench loop max ${result.benchLoopMaxMs.toFixed(1)} ms; other ${(result.otherCores * 100).toFixed(0)}% CPU`,
    )
    for (const problem of result.problems) log(`  !! ${problem}`)
    if (kept === undefined || result.otherCores < kept.otherCores) kept = result
    if (result.otherCores <= DISTURBED_CORES) break
    log(`    disturbed: other processes used the CPU${attempt < STALL_ATTEMPTS ? '; again' : ''}`)
  }
  if (kept === undefined) throw new Error('unreachable: STALL_ATTEMPTS is at least 1')
  return kept
}
