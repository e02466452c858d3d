// Whether a run caught a relaxed rule: a check that covers the rule failed, and its failure lists
// a request broken in that very place, named as the suite names them (`JSON contact[first_name]
// breaks maxLength 100 …`, suite/generated-requests/), so a rule is not counted as caught for a
// failure another relaxed rule of the same server caused (plan-faults.ts relaxes one per place).
import { ENCODING_LABEL } from '../../suite/generated-requests/body-cases.ts'
import { nameOf } from '../../suite/generated-requests/schema-view.ts'
import type { Rule } from '../../suite/rules/rule.ts'
import { leakedProperty } from './leak-faults.ts'
import type { FaultyRun } from './run-faulty.ts'

/** `JSON contact[first_name]`, `query limit`: how the suite names the place of the rule. */
function placeOf(rule: Rule): string | undefined {
  if (rule.kind === 'query') return `query ${rule.parameter ?? ''}`
  if (rule.kind !== 'field') return undefined
  const label = (ENCODING_LABEL as Readonly<Record<string, string>>)[rule.media] ?? rule.media
  return rule.field === '$' ? label : `${label} ${nameOf(rule.field.split('.'))}`
}

/** Whether one line of a failure names a request broken against `rule` (or says `named`). */
function namesRule(line: string, rule: Rule, named: string | undefined): boolean {
  if (named !== undefined) return line.includes(named)
  if (rule.kind === 'header') return line.toLowerCase().includes(rule.header.toLowerCase())
  if (rule.kind === 'status') return line.includes(leakedProperty(rule))
  const place = placeOf(rule)
  if (place === undefined || !line.startsWith(`- ${place}`) || !('keyword' in rule)) return false
  const rest = line.slice(place.length + 2)
  // An unknown field is sent beside the object's own: `JSON x`, `JSON contact[x]`.
  if (rule.keyword === 'additionalProperties') {
    return (
      rule.kind === 'field' && rule.field === '$' ? /^ [^[\s]+ is sent/ : /^\[[^\]]+\] is sent/
    ).test(rest)
  }
  // The place is enough (a server relaxes one rule per place): one request may break several
  // rules of a field, named by one (a date that breaks an anyOf's format and its pattern).
  return rest.startsWith(' ')
}

const SAME = /^\(the same failure as (.*)\)$/

/** Failure lines an uncaught rule's error quotes. */
const LISTED = 3

/**
 * A failure block's message lines; for a failure the report told once (`(the same failure as
 * <title>)`: the very same message), the lines of the block it refers to, never its title.
 */
function messageOf(block: string, blocks: readonly string[]): string[] {
  const lines = block
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter((line) => line !== '')
  const title = lines.length === 1 ? SAME.exec(lines[0] ?? '')?.[1] : undefined
  if (title === undefined) return lines
  const first = blocks.find((other) => (other.split('\n')[0] ?? '').endsWith(` › ${title}`))
  return first === undefined ? [] : messageOf(first, [])
}

/**
 * Throws, naming the rule, unless a failing check covering it lists a request broken there (or,
 * for a server that says what its failures name, says `named`).
 */
export function assertCaught(rule: Rule, run: FaultyRun, named?: string): void {
  const failed = (run.coverage.get(rule.id) ?? []).filter(({ outcome }) => outcome === 'failed')
  const blocks = run.failures.filter((block) =>
    failed.some(({ file, path }) => block.startsWith(`● ${[file, ...path].join(' › ')}`)),
  )
  // The message's lines, not the check's title (which may name the header it checks)
  const lines = blocks.flatMap((block) => messageOf(block, run.failures))
  if (!lines.some((line) => namesRule(line, rule, named))) {
    // A covering check shares its server with other relaxed rules: what its failures did name
    // tells a misnamed place from a rule nothing refused (an equivalent mutant).
    const listed = lines.filter((line) => line.startsWith('- ')).slice(0, LISTED)
    throw new Error(
      `${rule.id} was relaxed and no check covering it failed naming it (checks covering it: ${String(run.coverage.get(rule.id)?.length ?? 0)}, failed: ${String(failed.length)}${listed.length > 0 ? `, their failures: ${listed.join(' | ')}` : ''})`,
    )
  }
}
