// Checks that cannot run in this configuration are registered as skipped, with the reason (their
// titles stay the same in every configuration), never silently passed.
import { nameSetting, type SettingName } from '../../runner/settings.ts'
import { contractEnv, FETCH_LIMITS, isSet, type FetchLimit, type OptionalVariable } from './env.ts'
import { describe, test } from './test-api.ts'

export interface Needs {
  /** The checks send requests that could change data (all but GET): skipped when read-only. */
  writes?: boolean
  /** Optional variables the checks use. */
  variables?: readonly OptionalVariable[]
  /** What Prism's proxy cannot forward, when the checks depend on it. */
  notThroughPrism?: string
  /** What a fetch function cannot be asked (--fetch-module), when the checks depend on it. */
  notThroughFetch?: string
  /** What a fetch function with one of these limits cannot be sent (FETCH_LIMITS). */
  fetchLimited?: Partial<Record<FetchLimit, string>>
  /** A reason of the checks' own not to run here, e.g. their requests cannot be sent safely. */
  skip?: string | undefined
  /** Longer than --check-timeout, for a check that runs many requests (the generative phase). */
  timeoutMs?: number
  /** The ids of the rules the checks cover (see test-api.ts). */
  covers?: readonly string[]
}

const SETTING_OF: Record<OptionalVariable, SettingName> = {
  CONTRACT_SECOND_TOKEN: 'secondToken',
  CONTRACT_FOREIGN_ORG_ID: 'foreignOrgId',
  CONTRACT_FOREIGN_TOKEN: 'foreignToken',
  CONTRACT_EMAIL: 'email',
  CONTRACT_PASSWORD: 'password',
}

export function skipReason({
  writes = false,
  variables = [],
  notThroughPrism,
  notThroughFetch,
  fetchLimited = {},
  skip,
}: Needs): string | undefined {
  const env = contractEnv()
  const missing = variables.filter((name) => !isSet(name))
  if (missing.length > 0) {
    return `needs ${missing.map((name) => nameSetting(SETTING_OF[name])).join(' and ')}`
  }
  if (writes && env.readOnly) return `${nameSetting('readOnly')}: these checks write`
  if (notThroughPrism !== undefined && env.viaPrism)
    return `Prism's proxy cannot forward ${notThroughPrism}`
  if (notThroughFetch !== undefined && env.viaFetch)
    return `a fetch function cannot be sent ${notThroughFetch}`
  const limit = env.fetchLimits.find((name) => fetchLimited[name] !== undefined)
  if (limit !== undefined)
    return `the fetch function ${FETCH_LIMITS[limit]} (${limit}): ${fetchLimited[limit] ?? ''}`
  return skip
}

/** `describe`, its checks skipped when `needs` are not met. */
export function describeIf(needs: Needs, title: string, body: () => void): void {
  describe(title, { skip: skipReason(needs), covers: needs.covers }, body)
}

/** `test`, skipped when `needs` are not met. */
export function testIf(needs: Needs, name: string, body: () => Promise<void>): void {
  test(name, { skip: skipReason(needs), timeoutMs: needs.timeoutMs, covers: needs.covers }, body)
}

export const WRITES: Needs = { writes: true }
