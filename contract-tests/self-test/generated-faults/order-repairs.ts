// How a server that runs two checks of decision 2's order the other way round answers: for a
// request the mock refused at the earlier stage, whether the later stage refuses it too, and with
// what. Each stage's fault is repaired in the request (a token added, a method the path has, the
// query dropped, …) and the request sent again: the answer is the later stage's when that stage
// also applies. A stage the suite adds to the order without a way here fails the plan, not a run.
import { randomUUID } from 'node:crypto'
import { ACME_ORG_ID } from '../../../fixtures/identities.ts'
import type { Stage } from '../../suite/rules/rule.ts'
import type { Forward, ProxyRequest, ProxyResponse } from '../faulty/proxy.ts'

/** One rule's swap as the proxy applies it. */
export interface Swap {
  id: string
  earlier: Stage
  later: Stage
  /** The rule's operation: its path template and method. */
  template: string
  method: string
  earlierStatus: number
  laterStatus: number
}

export interface SwapContext {
  swap: Swap
  /** The mock's answer at the earlier stage. */
  answer: ProxyResponse
  forward: Forward
  /** A session of the proxy's own, of the fixture organization's user. */
  token: string
  /** The paths of records soft-deleted through the proxy: a tombstone-keeping server's memory. */
  deleted: ReadonlySet<string>
}

type LaterAnswer = (req: ProxyRequest, context: SwapContext) => Promise<ProxyResponse | undefined>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const FORM = 'application/x-www-form-urlencoded'

const pathOf = (url: string): string => url.split('?')[0] ?? url

/** The URL with each path parameter of `template` passed through `change(name, value)`. */
function changeParameters(
  url: string,
  template: string,
  change: (name: string, value: string) => string,
): string {
  const [path = '', query] = url.split('?')
  const names = template.split('/')
  const segments = path.split('/').map((segment, index) => {
    const name = /^\{(.+)\}$/.exec(names[index] ?? '')?.[1]
    return name === undefined ? segment : change(name, segment)
  })
  return query === undefined ? segments.join('/') : `${segments.join('/')}?${query}`
}

const decodes = (text: string): boolean => {
  try {
    decodeURIComponent(text.replace(/\+/g, ' '))
    return true
  } catch {
    return false
  }
}

const pairsOf = (body: Buffer): string[] =>
  body
    .toString('utf8')
    .split('&')
    .filter((pair) => pair !== '')

const formOf = (pairs: readonly string[]): Buffer => Buffer.from(pairs.join('&'))

/** The fields a 422 answer's `errors` name. */
function namedFields(answer: ProxyResponse): string[] {
  try {
    const { errors } = JSON.parse(answer.body.toString('utf8')) as { errors?: { field?: string }[] }
    return (errors ?? []).flatMap(({ field }) => (field === undefined ? [] : [field]))
  } catch {
    return []
  }
}

/** Whether a form pair is of a field in `named`, as `contact[first_name]` or `first_name`. */
const isNamed = (pair: string, named: readonly string[]): boolean => {
  const key = decodeURIComponent((pair.split('=')[0] ?? '').replace(/\+/g, ' '))
  return named.includes(key) || named.includes(/\[([^\]]*)\]$/.exec(key)?.[1] ?? key)
}

/** The request with one stage's fault repaired, for the stages a repair can undo. */
const REPAIRS: Partial<Record<Stage, (req: ProxyRequest, context: SwapContext) => ProxyRequest>> = {
  route: (req, { swap }) => ({ ...req, method: swap.method }),
  auth: (req, { token }) => ({
    ...req,
    headers: { ...req.headers, authorization: `Bearer ${token}` },
  }),
  membership: (req, { swap }) => ({
    ...req,
    url: changeParameters(req.url, swap.template, (name, value) =>
      name === 'org_id' ? ACME_ORG_ID : value,
    ),
  }),
  size: (req) => ({ ...req, body: Buffer.alloc(0) }),
  'path-id': (req, { swap }) => ({
    ...req,
    url: changeParameters(req.url, swap.template, (name, value) =>
      name === 'org_id' || UUID.test(value) ? value : randomUUID(),
    ),
  }),
  query: (req) => ({ ...req, url: pathOf(req.url) }),
  // The order checks send their bodies as the form every operation of the document takes.
  media: (req) => ({ ...req, headers: { ...req.headers, 'content-type': FORM } }),
  syntax: (req) => ({ ...req, body: formOf(pairsOf(req.body).filter(decodes)) }),
  fields: (req, { answer }) => {
    const named = namedFields(answer)
    return { ...req, body: formOf(pairsOf(req.body).filter((pair) => !isNamed(pair, named))) }
  },
}

/** A deleted record's 409, as a server answers that looks for a tombstone before the record. */
const conflict = (req: ProxyRequest): ProxyResponse => ({
  status: 409,
  headers: { 'content-type': 'application/problem+json' },
  body: Buffer.from(
    JSON.stringify({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'The record was deleted.',
      instance: pathOf(req.url),
    }),
  ),
})

/** The later stage's answer to `req`, when it applies too; undefined when it does not. */
export const laterAnswer: LaterAnswer = async (req, context) => {
  const { swap } = context
  // A record removed for good cannot be repaired into existence: the swapped server is one that
  // keeps what it deleted and asks about its state first.
  if (swap.earlier === 'existence') {
    return context.deleted.has(pathOf(req.url)) ? conflict(req) : undefined
  }
  const repair = REPAIRS[swap.earlier]
  if (repair === undefined) throw new Error(`no repair of the ${swap.earlier} stage (${swap.id})`)
  const answer = await context.forward(repair(req, context))
  return answer.status === swap.laterStatus ? answer : undefined
}

/** Whether a swap of `earlier` can be made: the plan refuses a rule the proxy could not swap. */
export const canSwap = (earlier: Stage): boolean =>
  earlier === 'existence' || REPAIRS[earlier] !== undefined
