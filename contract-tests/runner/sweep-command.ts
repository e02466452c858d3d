// `contacts-contract sweep`: removes for good every contact that carries a run marker
// (contract-run-<id>), with the user relationships that point at them, for runs that were
// cancelled before their own cleanup. CONTRACT_RUN_ID narrows it to one run.
import { ANY_RUN_MARKER, sweepRunRecords } from '../suite/support/sweep.ts'
import { CannotRunError } from './cannot-run.ts'
import type { RunOptions } from './options.ts'
import { secretsOfOptions } from './report/run-secrets.ts'
import { createSafeText } from './report/safe-text.ts'
import { COMMAND, nameSetting } from './settings.ts'

// The paths it prints hold the target's ids: the run's secrets redacted, controls escaped.
let safe = createSafeText([])
const say = (line: string): void => {
  process.stdout.write(safe(`${COMMAND} sweep: ${line}\n`))
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
  safe = createSafeText(secretsOfOptions(options))
  const marker = options.runId === undefined ? ANY_RUN_MARKER : `${ANY_RUN_MARKER}${options.runId}`
  // The suite's modules (api.ts, through env.ts) read their configuration from the environment.
  Object.assign(process.env, {
    CONTRACT_BASE_URL: baseUrl,
    CONTRACT_TOKEN: token,
    CONTRACT_ORG_ID: orgId,
    CONTRACT_FOREIGN_ORG_ID: options.foreignOrgId ?? '',
    CONTRACT_FOREIGN_TOKEN: options.foreignToken ?? '',
    CONTRACT_RUN_ID: options.runId ?? 'sweep',
    CONTRACT_REQUEST_TIMEOUT_MS: String(options.requestTimeoutMs),
    // a sweep removes what runs left: nothing for the reference model to compare
    CONTRACT_ORACLE: 'off',
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
