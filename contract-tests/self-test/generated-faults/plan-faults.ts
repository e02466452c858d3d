// The generated faulty servers: every rule of a body field or a query parameter that can be
// relaxed by one (relax-rule.ts), read from the catalogue of the document, so a field or a
// constraint added to the document is a new faulty server's at once. Many mutations share a
// server, at most PER_CHECK of those one check of the suite covers: a relaxed rule only lets more
// through in its own place, the suite's generated requests break one field each, and the check
// lists its failing requests one a line (suite/generated-requests/run-cases.ts shows 12), so none
// hides another; and one rule per place (a field, a parameter), as the line names the place.
import type { OpenApiDocument } from '../../../openapi/document.ts'
import { catalogueOf } from '../../suite/rules/catalogue.ts'
import type { Rule } from '../../suite/rules/rule.ts'
import { isRelaxable, relaxRule } from './relax-rule.ts'
import type { Json } from './schema-places.ts'

/** Mutations per covering check and server: under the 12 failing requests a check lists. */
export const PER_CHECK = 10

export interface FaultyDocument {
  /** The rules the copy relaxes: what the run against it must fail on. */
  rules: Rule[]
  document: Json
}

export interface FaultPlan {
  servers: FaultyDocument[]
  /** Relaxable rules whose copy changed nothing (a field that may be null already, …). */
  unchanged: string[]
}

/** The check of the suite that covers a rule: one per operation for bodies, one for queries. */
const checkOf = (rule: Rule): string => `${rule.operationId ?? ''} ${rule.kind}`

/** Where a rule is broken: one request may break several rules there (a date's format and pattern). */
const placeOf = (rule: Rule): string =>
  rule.kind === 'field'
    ? `${checkOf(rule)} ${rule.media} ${rule.field}${rule.keyword === 'additionalProperties' ? '.*' : ''}`
    : rule.kind === 'query'
      ? `${checkOf(rule)} ${rule.parameter ?? ''}`
      : rule.id

/** Whether `rule` may join a server's `rules`: room left in its check, its place not yet taken. */
const fits = (rules: readonly Rule[], rule: Rule): boolean =>
  rules.filter((item) => checkOf(item) === checkOf(rule)).length < PER_CHECK &&
  !rules.some((item) => placeOf(item) === placeOf(rule))

const copyOf = (document: OpenApiDocument): Json => structuredClone(document)

/** The faulty documents of `document`: each rule relaxed in one of them. */
export function planFaults(document: OpenApiDocument): FaultPlan {
  const relaxable = catalogueOf(document).filter(isRelaxable)
  const unchanged = relaxable.filter((rule) => !relaxRule(copyOf(document), rule))
  const servers: Rule[][] = []
  for (const rule of relaxable.filter((item) => !unchanged.includes(item))) {
    const server = servers.find((rules) => fits(rules, rule))
    if (server === undefined) servers.push([rule])
    else server.push(rule)
  }
  return {
    servers: servers.map((rules) => {
      const copy = copyOf(document)
      for (const rule of rules) relaxRule(copy, rule)
      return { rules, document: copy }
    }),
    unchanged: unchanged.map(({ id }) => id),
  }
}
