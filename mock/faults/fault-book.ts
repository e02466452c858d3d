import type { components } from '../../openapi/admin-types.ts'
import { HttpError, invalidFields, type FieldError } from '../shared/problem.ts'
import type { FaultTarget } from './fault-targets.ts'
import { readPreferences } from './prefer.ts'
import { between, createRandom } from './random.ts'

export type FaultRuleInput = components['schemas']['FaultRuleInput']
export type FaultRule = components['schemas']['FaultRule']

/** What happens to one request: wait, then answer a status or break the connection, or go on. */
export interface FaultPlan {
  delayMs: number
  respond: FaultRule['respond']
  when: 'before' | 'after'
  /** The rule that fired, or the preference that asked. */
  cause: string
}

export interface FaultBook {
  /** Adds a rule (after checking what the schema cannot: the operation exists, and so on). */
  add: (input: FaultRuleInput) => FaultRule
  list: () => FaultRule[]
  remove: (id: string) => boolean
  clear: () => void
  /** The plan for a request; undefined when nothing applies (no rule, no delay, no Prefer). */
  plan: (target: FaultTarget, prefer: string | undefined) => FaultPlan | undefined
}

export interface FaultBookOptions {
  seed: number
  /** `--delay`: every API request waits [min, max] ms. */
  delay?: readonly [number, number]
}

/** `[min, max]` (or `[min]`) draws a whole number from min to max; one number waits that long. */
function draw(random: () => number, delay: number | readonly number[] | undefined): number {
  if (delay === undefined) return 0
  if (typeof delay === 'number') return delay
  const [min = 0, max = min] = delay
  return between(random, min, max)
}

function matches(rule: FaultRule, target: FaultTarget): boolean {
  const { operationId, method, path } = rule.match
  if (operationId !== undefined) return operationId === target.operationId
  if (method !== undefined) return method === target.method && path === target.template
  return true
}

/** What a schema cannot say about a rule: its operation exists, and declares its status. */
function checkRule(rule: FaultRule, targets: readonly FaultTarget[]): void {
  const errors: FieldError[] = []
  const { operationId, path } = rule.match
  const matched = targets.filter((target) => matches(rule, target))
  if (matched.length === 0) {
    const field = operationId === undefined ? 'match[path]' : 'match[operationId]'
    errors.push({
      field,
      message: `is not an operation of openapi.yaml (${String(operationId ?? path)})`,
    })
  }
  const [min = 0, max = min] = Array.isArray(rule.delay_ms) ? rule.delay_ms : []
  if (min > max) {
    errors.push({ field: 'delay_ms', message: 'must be [min, max] with min not above max' })
  }
  const status = rule.respond && 'status' in rule.respond ? rule.respond.status : undefined
  const refusing = matched.find((target) => status !== undefined && !target.errors.has(status))
  if (refusing) {
    const declared = [...refusing.errors.keys()].join(', ')
    errors.push({
      field: 'respond[status]',
      message: `is not a status ${refusing.operationId} declares (declared: ${declared})`,
    })
  }
  if (errors.length > 0) throw invalidFields(errors)
}

/** A plan that only waits, when there is a wait. */
const waitOnly = (delayMs: number, cause: string): FaultPlan | undefined =>
  delayMs > 0 ? { delayMs, respond: undefined, when: 'before', cause } : undefined

/** Asked with `Prefer: code=N`: the operation's normal answer, or one of its declared errors. */
function planPreferred(target: FaultTarget, code: number, delayMs: number): FaultPlan | undefined {
  if (code === target.success) return waitOnly(delayMs, 'Prefer')
  if (!target.errors.has(code)) {
    const codes = [target.success, ...target.errors.keys()].join(', ')
    const detail = `Prefer: code=${String(code)} is not a status ${target.operationId} declares; ask for one of ${codes}.`
    throw new HttpError(400, detail, {
      errors: [{ field: 'Prefer', message: `code must be one of ${codes}` }],
    })
  }
  return {
    delayMs,
    respond: { status: code },
    when: 'before',
    cause: `Prefer: code=${String(code)}`,
  }
}

/**
 * The fault rules of the admin API and the delays of `--delay` and `Prefer`. Draws come from one
 * seeded generator, so a run with the same seed and the same requests gets the same faults.
 */
export function createFaultBook(
  targets: readonly FaultTarget[],
  options: FaultBookOptions,
): FaultBook {
  const random = createRandom(options.seed)
  let rules: FaultRule[] = []
  let next = 1

  return {
    add(input) {
      const rule: FaultRule = {
        id: `f-${String(next)}`,
        match: input.match ?? {},
        ...(input.respond && { respond: input.respond }),
        ...(input.delay_ms !== undefined && { delay_ms: input.delay_ms }),
        // the document's defaults are applied by the validator
        when: input.when,
        probability: input.probability,
        times: input.times ?? null,
        hits: 0,
      }
      checkRule(rule, targets)
      next++
      rules.push(rule)
      return { ...rule }
    },
    list: () => rules.map((rule) => ({ ...rule })),
    remove(id) {
      const before = rules.length
      rules = rules.filter((rule) => rule.id !== id)
      return rules.length < before
    },
    clear() {
      rules = []
    },
    plan(target, prefer) {
      if (rules.length === 0 && options.delay === undefined && prefer === undefined)
        return undefined
      const preferences = readPreferences(prefer)
      const delayMs = preferences.delayMs ?? draw(random, options.delay)
      if (preferences.code !== undefined) return planPreferred(target, preferences.code, delayMs)
      const fired = rules.find(
        (rule) =>
          matches(rule, target) &&
          (rule.times === null || rule.hits < rule.times) &&
          random() < rule.probability,
      )
      if (!fired) return waitOnly(delayMs, 'delay')
      fired.hits++
      return {
        delayMs: delayMs + draw(random, fired.delay_ms),
        respond: fired.respond,
        when: fired.when,
        cause: `fault rule ${fired.id}`,
      }
    },
  }
}
