// Checks that cannot run in this configuration are registered as skipped, with the reason in
// their title, never silently passed.
import { describe, test } from '@jest/globals'
import { contractEnv, isSet, type OptionalVariable } from './env.ts'

export interface Needs {
  /** The checks send requests that could change data (all but GET): skipped with CONTRACT_READ_ONLY=1. */
  writes?: boolean
  /** Optional variables the checks use. */
  variables?: readonly OptionalVariable[]
  /** What Prism's proxy cannot forward, when the checks depend on it. */
  notThroughPrism?: string
}

export function skipReason({
  writes = false,
  variables = [],
  notThroughPrism,
}: Needs): string | undefined {
  const env = contractEnv()
  const missing = variables.filter((name) => !isSet(name))
  if (missing.length > 0) return `${missing.join(', ')} not set`
  if (writes && env.readOnly) return 'CONTRACT_READ_ONLY=1 and these checks write'
  if (notThroughPrism !== undefined && env.viaPrism)
    return `Prism's proxy cannot forward ${notThroughPrism}`
  return undefined
}

/** `describe`, or `describe.skip` with "(skipped: <reason>)" in its title. */
export function describeIf(needs: Needs, title: string, body: () => void): void {
  const reason = skipReason(needs)
  if (reason === undefined) describe(title, body)
  else describe.skip(`${title} (skipped: ${reason})`, body)
}

/** `test`, or `test.skip` with "(skipped: <reason>)" in its name. */
export function testIf(needs: Needs, name: string, body: () => Promise<void>): void {
  const reason = skipReason(needs)
  if (reason === undefined) test(name, body)
  else test.skip(`${name} (skipped: ${reason})`, body)
}

export const WRITES: Needs = { writes: true }
