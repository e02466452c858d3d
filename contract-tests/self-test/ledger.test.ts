// The provenance of the rules and the drift ledger, in process: who states each rule of the
// document, how a failure is put down to rules, the run's last line, and the ledger's records
// (appended whole, a foreign line named and kept), the drift between two runs.
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadDocument } from '../../openapi/document-files.ts'
import { readProvenance, resolveProvenance } from '../../openapi/provenance.ts'
import type { CheckResult } from '../runner/report/check-results.ts'
import {
  appendRecord,
  driftOf,
  formatDrift,
  readLedger,
  recordOf,
  recordRun,
} from '../runner/report/ledger.ts'
import {
  blameOf,
  groupByProvenance,
  provenanceLine,
  verdictsOf,
} from '../runner/report/rule-verdicts.ts'
import { catalogueOf } from '../suite/rules/catalogue.ts'
import type { Rule } from '../suite/rules/rule.ts'

const catalogue = catalogueOf(loadDocument())
const provenanceOf = (id: string): string | undefined =>
  catalogue.find((rule) => rule.id === id)?.provenance

describe('The provenance of the rules, read from the document', () => {
  test.each([
    // what the interface shows: an operation's answer, a required field, a type, a range, include[]
    ['status:getContact:200', 'interface'],
    ['field:createContact:form:contact[first_name]:required', 'interface'],
    ['field:createContact:form:contact[relationship_type]:maximum', 'interface'],
    ['field:createContact:form:contact[gender]:enum', 'interface'],
    ['query:getContact:include[]:enum', 'interface'],
    // what the public docs of the real service say
    ['status:login:200', 'service-docs'],
    ['query:listContacts:page:minimum', 'service-docs'],
    // what the kit decided: an error's status, a limit, the order of checks, JSON bodies
    ['status:getContact:404', 'decision 25'],
    ['status:updateContact:409', 'decision 12'],
    ['header:createContact:201:Location', 'decision 24'],
    ['field:createContact:form:contact[first_name]:maxLength', 'decision 7'],
    ['field:createContact:json:contact.first_name:required', 'decision 26'],
    ['query:listContacts:limit:maximum', 'decision 27'],
    ['query:listContacts:unknown', 'decision 3'],
    ['order:createContact:auth-before-membership', 'decision 2'],
    ['status:*:405', 'decision 25'],
    ['decision:14', 'decision 14'],
  ])('When the catalogue is read, then %s is stated by %s', (id, provenance) => {
    expect(provenanceOf(id)).toBe(provenance)
  })

  test('When the catalogue is read, then every rule of the document is labelled, and only with decisions it numbers', () => {
    // Arrange
    const decisions = new Set(
      catalogue.flatMap((rule) =>
        rule.kind === 'decision' ? [`decision ${String(rule.decision)}`] : [],
      ),
    )

    // Act
    const labels = new Set(catalogue.map((rule) => rule.provenance))

    // Assert
    expect([...labels].filter((label) => !decisions.has(label)).sort()).toEqual([
      'interface',
      'service-docs',
    ])
  })

  test('When x-provenance is none of the forms, then reading it names the place and the value', () => {
    expect(() => readProvenance({ 'x-provenance': 'interfce' }, '#/paths/x/get')).toThrow(
      'x-provenance at #/paths/x/get: "interfce" is none of interface, service-docs',
    )
    expect(() => readProvenance({ 'x-provenance': { '*': 'decision 0' } }, 'here')).toThrow(
      'x-provenance at here',
    )
  })

  test('When a rule stands below a decision, then the nearest decision wins over the interface; else the nearest statement', () => {
    expect(
      resolveProvenance([{ '*': 'interface' }, { '*': 'decision 26' }, { '*': 'interface' }]),
    ).toBe('decision 26')
    expect(resolveProvenance([{ '*': 'interface' }, { '*': 'service-docs' }])).toBe('service-docs')
    expect(
      resolveProvenance(
        [{ '*': 'interface' }, { '*': 'interface', maxLength: 'decision 7' }],
        'maxLength',
      ),
    ).toBe('decision 7')
    expect(resolveProvenance([undefined, undefined])).toBeUndefined()
  })
})

const rule = (id: string, provenance: Rule['provenance']): Rule => ({
  id,
  kind: 'status',
  status: 200,
  title: `the rule ${id}`,
  provenance,
})

const check = (title: string, outcome: CheckResult['outcome'], covers: string[]): CheckResult => ({
  file: 'contacts.contract.ts',
  path: [title],
  outcome,
  durationMs: 1,
  covers,
})

describe('The verdicts of the rules', () => {
  const RULES = [
    rule('status:createContact:201', 'interface'),
    rule('header:createContact:201:Location', 'decision 24'),
    rule('decision:10', 'decision 10'),
    rule('status:getContact:200', 'interface'),
  ]

  test('When a check of two rules fails, then its failure is put down to the rule whose checks fail the most', () => {
    // Arrange: every check of the header fails, one of the three of the create's 201
    const checks = [
      check('a', 'failed', ['status:createContact:201', 'header:createContact:201:Location']),
      check('b', 'failed', ['header:createContact:201:Location']),
      check('c', 'passed', ['status:createContact:201']),
      check('d', 'passed', ['status:createContact:201']),
      check('e', 'skipped', ['decision:10']),
    ]

    // Act
    const verdicts = verdictsOf(RULES, checks)

    // Assert
    expect(Object.fromEntries(verdicts.map(({ rule: { id }, verdict }) => [id, verdict]))).toEqual({
      'status:createContact:201': 'passed',
      'header:createContact:201:Location': 'failed',
      'decision:10': 'skipped',
      'status:getContact:200': 'skipped',
    })
    const [both] = checks
    expect(
      both &&
        blameOf(RULES, checks)
          .get(both)
          ?.map(({ id }) => id),
    ).toEqual(['header:createContact:201:Location'])
  })

  test('When rules of the interface and of two decisions fail, then the last line names them apart', () => {
    // Arrange
    const checks = [
      check('a', 'failed', ['status:getContact:200']),
      check('b', 'failed', ['header:createContact:201:Location']),
      check('c', 'failed', ['decision:10']),
      check('d', 'failed', []),
    ]

    // Act
    const groups = groupByProvenance(verdictsOf(RULES, checks), checks)

    // Assert
    expect(provenanceLine(groups)).toBe(
      "breaks 1 rule of the interface and 0 of the service's public docs; decides otherwise on decisions 10, 24",
    )
    expect(groups.unattributed).toBe(1)
  })

  test('When --only interface ran a check that also covers a decision, then its failure is put down to the rule of the interface, and the decision is not judged', () => {
    // Arrange
    const checks = [check('a', 'failed', ['decision:10', 'status:getContact:200'])]

    // Act
    const verdicts = verdictsOf(RULES, checks, ['interface'])

    // Assert
    expect(
      verdicts.filter(({ verdict }) => verdict === 'failed').map(({ rule: { id } }) => id),
    ).toEqual(['status:getContact:200'])
    expect(verdicts.find(({ rule: { id } }) => id === 'decision:10')?.verdict).toBe('skipped')
  })
})

describe('The drift ledger', () => {
  let dir = ''
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ledger-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  const RULES = [rule('a', 'interface'), rule('b', 'decision 2'), rule('c', 'decision 3')]
  const recordAt = (
    date: string,
    outcomes: Record<string, CheckResult['outcome']>,
    target = 'http://staging',
  ) =>
    recordOf(
      verdictsOf(
        RULES,
        Object.entries(outcomes).map(([id, outcome]) => check(id, outcome, [id])),
      ),
      target,
      '1.0.0',
      new Date(date),
    )

  test('When three runs are recorded, then the last one names what failed since the one before, what was fixed, and since when each failure lasts', async () => {
    // Arrange
    const file = join(dir, 'ledger.jsonl')
    await recordRun(
      file,
      recordAt('2026-11-01T00:00:00Z', { a: 'passed', b: 'failed', c: 'failed' }),
    )
    // another target's run between them is not the previous one
    await recordRun(
      file,
      recordAt('2026-11-01T12:00:00Z', { a: 'failed', b: 'passed', c: 'passed' }, 'http://other'),
    )
    await recordRun(
      file,
      recordAt('2026-11-02T00:00:00Z', { a: 'passed', b: 'failed', c: 'failed' }),
    )

    // Act
    const drift = await recordRun(
      file,
      recordAt('2026-11-03T00:00:00Z', { a: 'failed', b: 'failed', c: 'passed' }),
    )

    // Assert
    expect(drift.previous?.date).toBe('2026-11-02T00:00:00.000Z')
    expect(drift.newlyFailing).toEqual(['a'])
    expect(drift.fixed).toEqual(['c'])
    expect(drift.failingSince).toEqual([
      { id: 'a', since: '2026-11-03T00:00:00.000Z', runs: 1 },
      { id: 'b', since: '2026-11-01T00:00:00.000Z', runs: 3 },
    ])
    expect((await readLedger(file)).records).toHaveLength(4)
  })

  test("When the ledger holds a corrupt line, another tool's line and a line cut short, then they are named, kept, and the next record is a whole line of its own", async () => {
    // Arrange
    const file = join(dir, 'ledger.jsonl')
    const first = recordAt('2026-11-01T00:00:00Z', { a: 'passed', b: 'passed', c: 'passed' })
    await writeFile(
      file,
      `${JSON.stringify(first)}\nnot json at all\n{"tool":"another"}\n{"kind":"contacts-contract run","da`,
    )

    // Act
    const drift = await recordRun(
      file,
      recordAt('2026-11-02T00:00:00Z', { a: 'failed', b: 'passed', c: 'passed' }),
    )
    const lines = (await readFile(file, 'utf8')).split('\n')
    const text = formatDrift(drift, file, (id) => `the rule ${id}`).join('\n')

    // Assert
    expect(drift.refused).toEqual([
      { line: 2, reason: 'not JSON' },
      { line: 3, reason: 'its kind is not "contacts-contract run"' },
      { line: 4, reason: 'not JSON' },
    ])
    expect(drift.newlyFailing).toEqual(['a'])
    expect(lines[3]).toBe('{"kind":"contacts-contract run","da')
    expect(JSON.parse(lines[4] ?? '')).toMatchObject({ date: '2026-11-02T00:00:00.000Z' })
    expect(lines[5]).toBe('')
    expect(text).toContain(
      'line 2 of the ledger is no record of this tool (not JSON): left as it is',
    )
    expect(text).toContain('newly failing (1):\n    a  the rule a')
    expect(text).toContain('fixed (0):')
  })

  test('When a target is recorded for the first time, then the drift says so and lists no change', async () => {
    // Arrange
    const file = join(dir, 'new.jsonl')
    const current = recordAt('2026-11-02T00:00:00Z', { a: 'failed' })

    // Act
    const drift = driftOf(await readLedger(file), current)
    await appendRecord(file, current)

    // Assert
    expect(drift.previous).toBeUndefined()
    expect(drift.newlyFailing).toEqual([])
    expect(formatDrift(drift, file, () => '')).toEqual([
      `Drift ledger ${file}: the first run on http://staging it records.`,
    ])
    expect((await readLedger(file)).records).toEqual([current])
  })
})
