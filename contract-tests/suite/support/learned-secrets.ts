// The tokens a run obtains from the target (a login's session) are secrets as much as the ones it
// was given: the test files note them in the file the runner names (env.ts's secretsFile), and
// the processes that write the run's output redact them there (runner/report/run-secrets.ts).
import { appendFileSync, readFileSync } from 'node:fs'
import { configuredEnv } from './env.ts'

/**
 * Shorter values are not treated as secrets: a server that hands out a token of a few characters
 * would otherwise have them replaced in every word of the output.
 */
export const MIN_LEARNED_LENGTH = 8

const noted = new Set<string>()

/** Notes a token the target handed out, once; without the runner's file, nothing is written. */
export function noteLearnedSecret(value: string): void {
  const file = configuredEnv()?.secretsFile
  if (file === undefined || file === '' || value.length < MIN_LEARNED_LENGTH) return
  if (noted.has(value)) return
  noted.add(value)
  // One JSON string a line: a token may hold any character, a newline included.
  appendFileSync(file, `${JSON.stringify(value)}\n`, { mode: 0o600 })
}

/** What the test files of the run noted so far; nothing when there is no file (yet). */
export function readLearnedSecrets(file: string | undefined): string[] {
  if (file === undefined || file === '') return []
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return []
  }
  // The last piece is empty, or a line still being written: only whole lines count.
  return text
    .split('\n')
    .slice(0, -1)
    .flatMap((line) => {
      try {
        const value = JSON.parse(line) as unknown
        return typeof value === 'string' ? [value] : []
      } catch {
        return []
      }
    })
}
