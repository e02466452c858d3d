// Faulty servers generated from the document, not picked by hand: each rule of a body field or a
// query parameter relaxed by one in a copy of the document the mock is served on (maxLength + 1,
// minimum - 1, an enum matched regardless of case, a format dropped, null allowed, a required
// field optional, unknown fields accepted, …), many to a copy where they cannot hide one another
// (generated-faults/plan-faults.ts). The suite holds each to the original document, running only
// the checks that cover the relaxed rules, and must fail each rule by a check that covers it,
// naming the place. Beside them, the mock behind proxies that drop a documented header, leak a
// field, miscount a list, or run two adjacent checks of decision 2's order the other way round
// (generated-faults/order-faults.ts). Then, a check left out (CONTRACT_OMIT_CHECKS), the server relaxing only its
// rule passes the whole suite, and the assertion for that rule fails: removing a check shows here.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { loadDocument } from '../../openapi/document-files.ts'
import { catalogueOf } from '../suite/rules/catalogue.ts'
import type { Rule } from '../suite/rules/rule.ts'
import { assertCaught } from './generated-faults/caught.ts'
import { planFaults, type FaultyDocument } from './generated-faults/plan-faults.ts'
import { relaxRule } from './generated-faults/relax-rule.ts'
import { bundledMock, droppingHeaders, headerGroups } from './generated-faults/header-faults.ts'
import { leakingFields } from './generated-faults/leak-faults.ts'
import { miscountingLists } from './generated-faults/miscount-faults.ts'
import { swappingOrders } from './generated-faults/order-faults.ts'
import { runFaulty, servedOn, type FaultyRun } from './generated-faults/run-faulty.ts'

/**
 * Relaxed rules that leave the mock as right as before (equivalent mutants): what the copy lets
 * through is still refused as the document says, by something else than the rule relaxed. Each
 * must stay uncaught (else it is no longer equivalent and belongs with the others). A rule id
 * names a JSON field by its path (`contact.first_name`) and a form's or multipart body's by the
 * name it is sent as (`contact[first_name]`, a property of its *FormFields schema): each pattern
 * matches both spellings.
 */
const EQUIVALENT: readonly { rules: RegExp; why: string }[] = [
  {
    rules:
      /^field:createUserRelationship:\w+:user_relationship(\.contact_id|\.relationship_id|\[contact_id\]|\[relationship_id\]):(required|nullable|format)$/,
    why: 'decision 16: the mock looks the contact and the relationship up, and answers 422 naming the field when there is none',
  },
  {
    rules: /^field:\w+Contact:\w+:contact(\.first_name|\[first_name\]):minLength$/,
    why: 'its pattern \\S refuses the empty string too',
  },
  {
    rules: /^field:\w+Contact:(form|multipart):contact\[birthday\]:maxLength$/,
    why: "EmptyFormValue's maxLength 0 made 1 lets one character through, which is no date: decision 8's check of the day answers 422 naming contact[birthday] (is not a real date-time)",
  },
]

const isEquivalent = ({ id }: Rule): boolean => EQUIVALENT.some(({ rules }) => rules.test(id))

const document = loadDocument()
const plan = planFaults(document)
const headers = headerGroups(document)
/** Each relaxed copy behind a proxy dropping a group of headers; the first one's run comes first. */
const servers = [
  ...Array.from({ length: Math.max(plan.servers.length, headers.length) }, (_, index) => {
    const copy = plan.servers[index]
    const inner = copy === undefined ? bundledMock : servedOn(copy)
    return droppingHeaders(document, inner, headers[index] ?? [])
  }),
  leakingFields(document),
  miscountingLists(document),
  ...swappingOrders(document),
]
const relaxed = servers.flatMap(({ rules }, server) => rules.map((rule) => ({ rule, server })))
const faulty = relaxed.filter(({ rule }) => !isEquivalent(rule))
/** Runs side by side: each is a mock and a test process. */
const LANES = 2

/** The first relaxed rule of `run` that one check alone covers, with that check's title. */
function soleCheckRule(run: FaultyRun, rules: readonly Rule[]): { rule: Rule; title: string } {
  for (const rule of rules.filter((item) => !isEquivalent(item))) {
    const [check, ...others] = run.coverage.get(rule.id) ?? []
    const title = check?.path.at(-1)
    if (title !== undefined && others.length === 0) return { rule, title }
  }
  throw new Error('no relaxed rule is covered by exactly one check')
}

/** The rule alone relaxed in a copy of the document. */
function onlyRelaxing(rule: Rule): FaultyDocument {
  const copy = structuredClone(document) as unknown as Record<string, unknown>
  relaxRule(copy, rule)
  return { rules: [rule], document: copy }
}

describe('Faulty servers generated from the rules of the document', () => {
  let dir: string
  const runs: FaultyRun[] = []
  let omitted: { rule: Rule; title: string; run: FaultyRun } | undefined

  // Each faulty server a run of the checks of its rules (some 15 s); two lanes, and the run with a
  // check left out starts as soon as the first server's coverage names a check to leave out.
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'contract-generated-faults-'))
    const queue: (() => Promise<void>)[] = servers.map((faulty, index) => async () => {
      runs[index] = await runFaulty(faulty, join(dir, String(index)))
      if (index > 0) return
      const sole = soleCheckRule(runs[index], faulty.rules)
      queue.unshift(async () => {
        const run = await runFaulty(servedOn(onlyRelaxing(sole.rule)), join(dir, 'omitted'), {
          onlyTheirChecks: false,
          omit: [sole.title],
        })
        omitted = { ...sole, run }
      })
    })
    // A server that cannot start stops the queue; the other lane ends its run before the folder
    // goes, so no server outlives the file.
    const lane = async (): Promise<void> => {
      try {
        for (let job = queue.shift(); job !== undefined; job = queue.shift()) await job()
      } catch (error) {
        queue.length = 0
        throw error
      }
    }
    const lanes = await Promise.allSettled(Array.from({ length: LANES }, lane))
    for (const result of lanes) if (result.status === 'rejected') throw result.reason
  }, 600_000)

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  test('When the document is read, then each relaxable rule is relaxed in one faulty server, and only a field that may be null already has nothing to relax', () => {
    // Assert
    const ids = plan.servers.flatMap(({ rules }) => rules.map(({ id }) => id))
    expect(ids.length).toBeGreaterThan(100)
    expect(new Set(ids).size).toBe(ids.length)
    expect(plan.unchanged.filter((id) => !id.endsWith(':nullable'))).toEqual([])
  })

  test('When the document is read, then each adjacent pair of its order of checks is swapped in one faulty server', () => {
    // Assert
    const swapped = swappingOrders(document).flatMap(({ rules }) => rules.map(({ id }) => id))
    const orderRules = catalogueOf(document).filter(({ kind }) => kind === 'order')
    expect(orderRules.length).toBeGreaterThan(50)
    expect([...swapped].sort()).toEqual(orderRules.map(({ id }) => id).sort())
  })

  test('When the suite runs against a faulty server, then it fails with exit code 1', () => {
    // Assert
    expect(runs.map(({ exitCode }) => exitCode)).toEqual(servers.map(() => 1))
  })

  const runOf = (server: number): FaultyRun => {
    const run = runs[server]
    if (run === undefined) throw new Error(`no run of faulty server ${String(server)}`)
    return run
  }

  test.each(faulty.map(({ rule, server }) => ({ id: rule.id, rule, server })))(
    'When generated faulty server $server breaks $id, then a check covering it fails naming where',
    ({ rule, server }) => {
      // Assert
      assertCaught(rule, runOf(server), servers[server]?.names?.(rule))
    },
  )

  test('When a relaxed rule leaves the mock as right as before, then no check fails on it, and those are only the known equivalent ones', () => {
    // Assert
    const equivalent = relaxed.filter(({ rule }) => isEquivalent(rule))
    expect(
      EQUIVALENT.filter(({ rules }) => !equivalent.some(({ rule }) => rules.test(rule.id))),
    ).toEqual([])
    for (const { rule, server } of equivalent) {
      expect(() => {
        assertCaught(rule, runOf(server))
      }).toThrow(rule.id)
    }
  })

  test('When the one check covering a rule is left out, then the server relaxing that rule passes the suite and the assertion for the rule fails', () => {
    // Assert
    if (omitted === undefined) throw new Error('the run with a check left out did not happen')
    const { rule, title, run } = omitted
    expect({ exitCode: run.exitCode, failures: run.failures }).toEqual({
      exitCode: 0,
      failures: [],
    })
    expect(run.output).not.toContain(title)
    expect(() => {
      assertCaught(rule, run)
    }).toThrow(`${rule.id} was relaxed and no check covering it failed naming it`)
  })
})
