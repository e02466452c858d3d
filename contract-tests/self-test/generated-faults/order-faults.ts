// Generated swaps of decision 2's order of checks (`order:<operation>:<earlier>-before-<later>`
// rules of the catalogue): the mock behind a proxy (faulty/proxy.ts) that answers as a server
// running the rule's two checks the other way round. When the mock refuses a request of the rule's
// operation at the earlier stage and the later stage refuses it too (order-repairs.ts), the later
// stage's answer goes out. Several rules to a server, none sharing an operation and an earlier
// status, so each refusal is of one rule's stage.
import type { OpenApiDocument } from '../../../openapi/document.ts'
import { modelOf } from '../../../openapi/document-model.ts'
import { STAGE_FAULTS } from '../../suite/errors/stage-faults.ts'
import { catalogueOf } from '../../suite/rules/catalogue.ts'
import type { Rule } from '../../suite/rules/rule.ts'
import {
  documentedOperations,
  exampleBody,
  type Operation,
} from '../../suite/support/operations.ts'
import { forwardTo, startProxy, type ProxyRequest } from '../faulty/proxy.ts'
import { bundledMock } from './header-faults.ts'
import { canSwap, laterAnswer, type Swap } from './order-repairs.ts'
import type { FaultyServer } from './run-faulty.ts'

type OrderRule = Extract<Rule, { kind: 'order' }>

function swapOf(rule: OrderRule, operation: Operation): Swap {
  if (!canSwap(rule.earlier)) throw new Error(`${rule.id}: the proxy cannot swap ${rule.earlier}`)
  return {
    id: rule.id,
    earlier: rule.earlier,
    later: rule.later,
    template: operation.template,
    method: operation.method,
    earlierStatus: STAGE_FAULTS[rule.earlier](operation).status,
    laterStatus: STAGE_FAULTS[rule.later](operation).status,
  }
}

/** The template of a request's path, as the mock matches it; undefined for none. */
function templateFinder(document: OpenApiDocument): (url: string) => string | undefined {
  const { findPath } = modelOf(document)
  return (url) => findPath(new URL(url, 'http://proxy').pathname)?.template
}

/**
 * The swap a refusal is of: a rule of the request's operation whose earlier stage answers the
 * status; for a 405, a rule of an operation of the request's path.
 */
function swapFinder(document: OpenApiDocument, swaps: readonly Swap[]) {
  const templateOf = templateFinder(document)
  return (req: ProxyRequest, status: number): Swap | undefined => {
    const template = templateOf(req.url)
    return swaps.find(
      (swap) =>
        swap.template === template &&
        swap.earlierStatus === status &&
        (swap.earlier === 'route' || swap.method === req.method),
    )
  }
}

/**
 * A session of the proxy's own, by the login example (the fixture organization's user): a repaired
 * token must not be the run's, which a check of logout may end.
 */
async function logIn(upstream: string): Promise<string> {
  const login = documentedOperations().find(({ id }) => id === 'login')
  if (login === undefined) throw new Error('the document has no login for the proxy to use')
  const answer = await forwardTo(upstream)({
    method: login.method,
    url: login.template,
    headers: { 'content-type': 'application/json', host: new URL(upstream).host },
    body: Buffer.from(JSON.stringify(exampleBody(login).json)),
  })
  const { token } = JSON.parse(answer.body.toString('utf8')) as { token?: unknown }
  if (typeof token !== 'string')
    throw new Error(`the proxy could not log in: ${String(answer.status)}`)
  return token
}

/** The mock behind a proxy swapping the order of each of `swaps`. */
function swappingOrder(document: OpenApiDocument, swaps: readonly Swap[]): FaultyServer {
  const findSwap = swapFinder(document, swaps)
  const byId = new Map(swaps.map((swap) => [swap.id, swap]))
  const rules = catalogueOf(document).filter(({ id }) => byId.has(id))
  return {
    rules,
    names: ({ id }) => {
      const swap = byId.get(id)
      return `expected status ${String(swap?.earlierStatus)}, got ${String(swap?.laterStatus)}`
    },
    start: async (dir) => {
      const server = await bundledMock.start(dir)
      const token = await logIn(server.url).catch(async (error: unknown) => {
        await server.stop()
        throw error
      })
      const deleted = new Set<string>()
      const proxy = await startProxy(server.url, {
        name: 'generated-order-swaps',
        breaks: swaps.map(({ id }) => id).join(', '),
        caughtBy: '',
        response: async (answer, req, forward) => {
          if (req.method === 'DELETE' && answer.status < 300)
            deleted.add(req.url.split('?')[0] ?? '')
          const swap = findSwap(req, answer.status)
          if (swap === undefined) return answer
          const later = await laterAnswer(req, { swap, answer, forward, token, deleted })
          return later ?? answer
        },
      })
      return {
        url: proxy.url,
        stop: async () => {
          await proxy.close()
          await server.stop()
        },
      }
    },
  }
}

/** Servers swapping every order rule of the document, each rule in the first server it fits. */
export function swappingOrders(document: OpenApiDocument): FaultyServer[] {
  const operations = new Map(documentedOperations().map((operation) => [operation.id, operation]))
  const groups: Swap[][] = []
  for (const rule of catalogueOf(document)) {
    if (rule.kind !== 'order') continue
    const operation = operations.get(rule.operationId ?? '')
    if (operation === undefined) throw new Error(`${rule.id}: no such operation`)
    const swap = swapOf(rule, operation)
    // A 405 is of no one method: the path's swaps of the route stage share one later stage.
    const clashes = (other: Swap): boolean =>
      other.template === swap.template &&
      other.earlierStatus === swap.earlierStatus &&
      (swap.earlier === 'route' ? other.later !== swap.later : other.method === swap.method)
    const group = groups.find((swaps) => !swaps.some(clashes))
    if (group === undefined) groups.push([swap])
    else group.push(swap)
  }
  return groups.map((swaps) => swappingOrder(document, swaps))
}
