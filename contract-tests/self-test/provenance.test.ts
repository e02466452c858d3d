// The provenance of the rules and the drift ledger against running targets: one proxy in front of
// a real mock, transparent for the first run and then deviating from one rule of the interface
// and two decisions (faulty/provenance-faults.ts), on the same URL, so the ledger sees one target
// change. The runs leave out the generative phase (--runs 0): its sequences add nothing here.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createResources, releaseResources, type Resources } from '../runner/resources.ts'
import { startMock } from '../runner/target/servers.ts'
import { threeDeviations } from './faulty/provenance-faults.ts'
import { startProxy, type Fault, type RunningProxy } from './faulty/proxy.ts'
import { fixtureArgs, runSuite, type SuiteRun } from './run-suite.ts'

/** A run of the whole suite against the mock takes 40 to 90 s here. */
const RUN_MS = 5 * 60_000

/** What the deviating target breaks, as the catalogue names the rules. */
const INTERFACE_RULE = 'status:getContact:200'
const DECISION_RULES = ['decision:10', 'decision:14']

/** The lines of a section of the console summary, from its heading to the next unindented line. */
function section(output: string, heading: string): string[] {
  const lines = output.split('\n')
  const start = lines.findIndex((line) => line.startsWith(heading))
  if (start === -1) return []
  const end = lines.findIndex((line, index) => index > start && !line.startsWith(' '))
  return lines.slice(start, end === -1 ? undefined : end)
}

/** The rule ids a block of the summary lists, one per indented line. */
const idsIn = (lines: readonly string[]): string[] =>
  lines.flatMap((line) => /^ {4}(\S+:\S+) /.exec(line)?.[1] ?? [])

let resources: Resources
let proxy: RunningProxy
let dir = ''
/** The fault the proxy applies now: none, then the three deviations. */
let current: Fault | undefined

beforeAll(async () => {
  resources = createResources()
  dir = await mkdtemp(join(tmpdir(), 'provenance-'))
  const mockUrl = await startMock(resources)
  proxy = await startProxy(mockUrl, {
    name: 'switchable',
    breaks: 'what the fault of the moment breaks',
    caughtBy: '',
    request: (req) => current?.request?.(req) ?? req,
    response: async (res, req, forward) => (await current?.response?.(res, req, forward)) ?? res,
  })
}, RUN_MS)

afterAll(async () => {
  await proxy.close()
  await releaseResources(resources)
  await rm(dir, { recursive: true, force: true })
})

const run = (...args: string[]): Promise<SuiteRun> =>
  runSuite([...fixtureArgs(proxy.url), '--runs', '0', ...args], { GITHUB_STEP_SUMMARY: '' })

describe('A target checked twice with a ledger, the second time deviating from a rule of the interface and two decisions', () => {
  let first: SuiteRun
  let second: SuiteRun
  const ledger = (): string => join(dir, 'ledger.jsonl')
  const summary = (): string => join(dir, 'summary.md')
  const junit = (): string => join(dir, 'junit.xml')

  beforeAll(async () => {
    current = undefined
    first = await run('--ledger', ledger())
    current = threeDeviations
    second = await run('--ledger', ledger(), '--summary', summary(), '--junit', junit())
  }, 2 * RUN_MS)

  test('When the correct target is checked first, then it keeps the contract, breaks nothing, and the ledger says it is its first run', () => {
    expect(first.exitCode).toBe(0)
    expect(first.output).toContain(
      `Drift ledger ${ledger()}: the first run on ${proxy.url} it records.`,
    )
    expect(first.output.trimEnd().split('\n').at(-1)).toBe(
      "Provenance: breaks 0 rules of the interface and 0 of the service's public docs; decides otherwise on no decision.",
    )
  })

  test('When the deviating target is checked, then the last line names the rule of the interface as broken and the two decisions as decided otherwise', () => {
    // Assert
    expect(second.exitCode).toBe(1)
    expect(second.output.trimEnd().split('\n').at(-1)).toBe(
      "Provenance: breaks 1 rule of the interface and 0 of the service's public docs; decides otherwise on decisions 10, 14.",
    )
    const groups = section(second.output, 'Failed rules by provenance')
    expect(groups).toContain('  interface: 1 rule')
    expect(idsIn(groups)).toEqual([INTERFACE_RULE, ...DECISION_RULES])
    expect(groups.join('\n')).toMatch(/^ {2}decision 10 \(Search\): 1 rule$/m)
    expect(groups.join('\n')).toMatch(/^ {2}decision 14 \(soft_delete\): 1 rule$/m)
  })

  test('When the deviating target is checked after the correct one, then the drift names exactly the rules that now fail, none fixed, each failing since this run', () => {
    // Act
    const drift = section(
      second.output,
      `Drift ledger ${ledger()}: since the previous run on ${proxy.url}`,
    )

    // Assert
    const newly = drift.slice(
      drift.findIndex((line) => line.startsWith('  newly failing')),
      drift.findIndex((line) => line.startsWith('  fixed')),
    )
    expect(newly[0]).toBe('  newly failing (3):')
    expect(idsIn(newly).sort()).toEqual([INTERFACE_RULE, ...DECISION_RULES].sort())
    expect(drift).toContain('  fixed (0):')
    const since = drift.slice(drift.indexOf('  failing since:') + 1)
    expect(since).toHaveLength(3)
    expect(since.every((line) => line.endsWith('(1 run)'))).toBe(true)
  })

  test('When the deviating target is checked, then the ledger holds two whole records of that target, the Markdown summary and the JUnit report group the failures by provenance', async () => {
    // Arrange
    const records = (await readFile(ledger(), 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { target: string; verdicts: Record<string, string> })
    const markdown = await readFile(summary(), 'utf8')
    const xml = await readFile(junit(), 'utf8')

    // Assert
    expect(records.map(({ target }) => target)).toEqual([proxy.url, proxy.url])
    expect(records[0]?.verdicts[INTERFACE_RULE]).toBe('passed')
    expect(records[1]?.verdicts[INTERFACE_RULE]).toBe('failed')
    expect(markdown).toContain(
      "**breaks 1 rule of the interface and 0 of the service's public docs; decides otherwise on decisions 10, 14**",
    )
    expect(markdown).toContain(`| interface | \`${INTERFACE_RULE}\` |`)
    expect(markdown).toContain('### Drift since the previous run')
    expect(xml).toMatch(
      /<testcase name="When include\[\]=tags is asked[^"]*"[^>]*>\n {6}<properties>\n {8}<property name="provenance" value="interface"\/>\n {6}<\/properties>\n {6}<failure /,
    )
    expect(xml).toContain('<property name="provenance" value="decision 10"/>')
  })
})

describe('--only against the deviating target', () => {
  test(
    'When --only interface is run, then it fails on the rule of the interface alone, and every other check is skipped, saying why, its title unchanged',
    async () => {
      // Arrange
      current = threeDeviations

      // Act
      const only = await run('--only', 'interface')

      // Assert
      expect(only.exitCode).toBe(1)
      expect(only.output.trimEnd().split('\n').at(-1)).toBe(
        "Provenance: breaks 1 rule of the interface and 0 of the service's public docs; decides otherwise on no decision.",
      )
      const groups = section(only.output, 'Failed rules by provenance')
      expect(idsIn(groups)).toEqual([INTERFACE_RULE])
      // the checks of search cover listContacts' 200 too: they run, and fail by decision 10
      expect(groups.join('\n')).toMatch(
        /^ {2}\d+ failed check\(s\) put down to rules outside --only$/m,
      )
      expect(only.output).toMatch(
        /^ +\d+ × --only \(CONTRACT_ONLY\): it covers no rule of interface$/m,
      )
      // a check of decision 14 alone is skipped, under its own title
      expect(only.output).toContain(
        '○ When soft_delete=true in the query, then the contact is only soft-deleted (skipped: --only (CONTRACT_ONLY): it covers no rule of interface)',
      )
      expect(only.output).toMatch(/^Checks: 576 in all: /m)
    },
    RUN_MS,
  )

  test('When --only names a decision the document does not number, then the run stops with one clear line and exit code 2', async () => {
    // Act
    const wrong = await run('--only', 'decision:99')
    const bad = await run('--only', 'interfaces')

    // Assert
    expect(wrong.exitCode).toBe(2)
    expect(wrong.output).toContain('--only: the document has no rule of decision:99')
    expect(bad.exitCode).toBe(2)
    expect(bad.output).toContain(
      "--only (CONTRACT_ONLY) must be a list of interface, service-docs, decisions and decision:N, got 'interfaces'.",
    )
  })
})
