// What one response's findings may print: each distinct finding once, at most ten, then how many
// more. A server that breaks a list's schema in every item would otherwise print thousands of lines.
import { excerpt } from '../../../openapi/response-check.ts'

export const MAX_FINDINGS = 10

const unescape = (segment: string): string => segment.replaceAll('~1', '/').replaceAll('~0', '~')

/** The value at a JSON pointer, stepping into arrays too (`/contacts/3/first_name`). */
export function valueInBody(body: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map(unescape)
    .reduce<unknown>((at, key) => {
      if (Array.isArray(at)) return /^\d+$/.test(key) ? (at[Number(key)] as unknown) : undefined
      return typeof at === 'object' && at !== null ? (Reflect.get(at, key) as unknown) : undefined
    }, body)
}

/** The shared checker cannot step into arrays: its "value: undefined" is shown as it really is. */
function withRealValue(finding: string, body: unknown): string {
  const match = /^ {2}- body(\/\S*) [^\n]*\n {6}value: {2}undefined/.exec(finding)
  if (match?.[1] === undefined) return finding
  const value = valueInBody(body, match[1])
  return value === undefined
    ? finding
    : finding.replace(/value: {2}undefined/, `value:  ${excerpt(value)}`)
}

/** Distinct findings, real values, at most MAX_FINDINGS, then "… and N more". */
export function boundFindings(findings: readonly string[], body: unknown): string[] {
  const distinct = [...new Set(findings.map((finding) => withRealValue(finding, body)))]
  if (distinct.length <= MAX_FINDINGS) return distinct
  const more = distinct.length - MAX_FINDINGS
  return [...distinct.slice(0, MAX_FINDINGS), `  - … and ${String(more)} more`]
}
