// The test API of the contract checks: node:test underneath and the standalone `expect`, so the
// suite runs without Jest, under Jest's names (describe, test, test.each, beforeAll, …) so the
// checks read as before. A check skipped by configuration is registered as skipped, with its
// reason (node:test carries it to every report), so every run has the same checks.
//
// A check declares the rules of the document it covers (ids of suite/rules/), at registration:
//   test(title, { covers: ['decision:10', 'status:listContacts:200'] }, body)
//   describe(title, { covers: ['decision:2'] }, body)       // added to each check inside
//   test.each(rows)(title, { covers: (row) => [`status:${row.operationId}:401`] }, body)
// `contacts-contract --coverage` lists the checks of each rule; `--rules` runs only the checks
// that cover the rules it names (check-registry.ts).
import { expect } from 'expect'
import {
  after,
  afterEach as afterEachTest,
  before,
  beforeEach as beforeEachTest,
  describe as describeSuite,
  test as registerTest,
} from 'node:test'
import { admitCheck, innerScope, rootScope, type Scope } from './check-registry.ts'
import { eachCases } from './each-title.ts'
import { contractEnv } from './env.ts'
// Importing the test API brings the per-file hooks (document check, cleanup) and the matchers:
// no test file can register checks without them.
import './after-env.ts'
import './matchers.ts'

export { expect }

/** Per check and per hook: --check-timeout (CONTRACT_CHECK_TIMEOUT_MS), 30 s by default. */
const TIMEOUT_MS = contractEnv().checkTimeoutMs

type Body<Args extends readonly unknown[] = []> = (...args: Args) => Promise<void> | void

export interface CheckOptions {
  /** Why the checks do not run in this configuration; undefined runs them. */
  skip?: string | undefined
  /** This check's own timeout, when it needs more than --check-timeout. */
  timeoutMs?: number | undefined
  /** The ids of the rules it covers (suite/rules/rule.ts); a describe's go to each check in it. */
  covers?: readonly string[] | undefined
}

/** The options and the body of a call, options being optional (they come first when given). */
type WithOptions<Options, B> = [body: B] | [options: Options, body: B]
const split = <Options, B>(args: WithOptions<Options, B>): [Partial<Options>, B] =>
  args.length === 1 ? [{}, args[0]] : args

// The describe being registered: node:test runs a describe's body at once, inside describe().
let scope: Scope = rootScope()

export function describe(title: string, ...args: WithOptions<CheckOptions, () => void>): void {
  const [options, body] = split(args)
  const outer = scope
  const inner = innerScope(outer, title, options.covers, options.skip)
  void describeSuite(title, () => {
    // Its checks are registered one by one as skipped, not the describe as a whole: every report
    // then counts and names each check, as Jest did.
    scope = inner
    try {
      body()
    } finally {
      scope = outer
    }
  })
}

function register(title: string, options: CheckOptions, body: Body): void {
  const admitted = admitCheck(scope, title, options.covers)
  if (admitted === undefined) return
  const skip = scope.skip ?? options.skip ?? admitted.skip
  const timeout = Math.max(TIMEOUT_MS, options.timeoutMs ?? 0)
  void registerTest(title, { timeout, ...(skip === undefined ? {} : { skip }) }, () => body())
}

/** `test.each`'s options: `covers` may be worked out from each row. */
export interface EachOptions<Args extends readonly unknown[]> extends Omit<CheckOptions, 'covers'> {
  covers?: readonly string[] | ((...args: Args) => readonly string[]) | undefined
}

type EachRegister<Args extends readonly unknown[]> = (
  title: string,
  ...args: WithOptions<EachOptions<Args>, Body<Args>>
) => void

/** Jest's `test.each` signatures: object rows are one argument, array rows are spread. */
function each<Row extends Record<string, unknown>>(table: readonly Row[]): EachRegister<[Row]>
function each<Row extends readonly [unknown, ...unknown[]]>(
  table: readonly Row[],
): EachRegister<[...Row]>
function each<Row extends readonly unknown[]>(table: readonly Row[]): EachRegister<Row>
function each<Row>(table: readonly Row[]): EachRegister<[Row]>
function each(table: readonly unknown[]): EachRegister<unknown[]> {
  return (title, ...args) => {
    const [{ covers, ...options }, body] = split(args)
    for (const { title: caseTitle, args: row } of eachCases(title, table)) {
      const rowCovers = typeof covers === 'function' ? covers(...row) : covers
      register(caseTitle, { ...options, covers: rowCovers }, () => body(...row))
    }
  }
}

export const test = Object.assign(
  (title: string, ...args: WithOptions<CheckOptions, Body>): void => {
    register(title, ...split(args))
  },
  {
    each,
    skip: (title: string, body: Body): void => {
      register(title, { skip: 'marked test.skip' }, body)
    },
  },
)

/**
 * A hook of the describe it is in: none in a skipped describe, whose checks do not run, and it
 * does nothing when no check of its describe was registered (all left out by --rules).
 */
const hook =
  (add: typeof before) =>
  (body: Body): void => {
    const at = scope
    if (at.skip !== undefined) return
    add(() => (at.registered ? body() : undefined), { timeout: TIMEOUT_MS })
  }

export const beforeAll = hook(before)
export const afterAll = hook(after)
export const beforeEach = hook(beforeEachTest)
export const afterEach = hook(afterEachTest)
