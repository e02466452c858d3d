// `contacts-contract sweep`: removes for good every contact that carries a run marker
// (contract-run-<id>), with the user relationships that point at them, for runs that were
// cancelled before their own cleanup. CONTRACT_RUN_ID narrows it to one run.
import { configureSuite } from '../suite/support/env.ts'
import { ANY_RUN_MARKER, sweepRunRecords } from '../suite/support/sweep.ts'
import { CannotRunError } from './cannot-run.ts'
import { secretsOf } from './report/run-secrets.ts'
import { createSafeText } from './report/safe-text.ts'
import { COMMAND, nameSetting, type RunOptions } from './settings.ts'

// The paths it prints hold the target's ids: the run's secrets redacted, controls escaped.
let safe = createSafeText([])
const say = (line: string): void => {
  process.stdout.write(safe(`${COMMAND.name} sweep: ${line}\n`))
}

export async function runSweep(options: RunOptions): Promise<number> {
  const { baseUrl, token, orgId } = options
  if (baseUrl === undefined || token === undefined || orgId === undefined) {
    throw new CannotRunError(
      `sweep needs ${nameSetting('baseUrl')}, ${nameSetting('token')} and ${nameSetting('orgId')}: the bundled mock starts empty of runs.`,
    )
  }
  if (options.readOnly)
    throw new CannotRunError(`sweep deletes records: it cannot be ${nameSetting('readOnly')}.`)
  safe = createSafeText(secretsOf(options))
  const marker = options.runId === undefined ? ANY_RUN_MARKER : `${ANY_RUN_MARKER}${options.runId}`
  // the suite's modules it runs (api.ts, sweep.ts) take their configuration from env.ts; a sweep
  // removes what runs left: nothing for the reference model to compare
  const runId = options.runId ?? 'sweep'
  configureSuite({
    ...options,
    baseUrl,
    token,
    orgId,
    runId,
    noOracle: true,
    viaFetch: false,
    fetchLimits: [],
  })
  say(`looking for records carrying ${marker}… in ${baseUrl}`)
  try {
    const removed = await sweepRunRecords(marker)
    say(
      `removed ${String(removed.length)} record(s)${removed.length === 0 ? '' : `:\n${removed.join('\n')}`}`,
    )
    return 0
  } catch (error) {
    say(error instanceof Error ? error.message : String(error))
    return 1
  }
}
