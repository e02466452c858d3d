// The stage of the order of checks where the request is handled: the handler runs in a read or in
// a durable write of the store, between the faults asked for before and after it.
import type { FaultBook } from '../faults/fault-book.ts'
import type { FaultTarget } from '../faults/fault-targets.ts'
import { HttpError } from '../shared/problem.ts'
import { JSON_CONTENT_TYPE } from '../shared/reply.ts'
import type { StorageEngine } from '../store/repositories.ts'
import { headerOf, type Exchange } from './exchange.ts'

export interface HandleDeps {
  engine: StorageEngine
  now: () => Date
  newId: () => string
  /** Simulated latency and failures (the Contacts API's operations only). */
  faults?: { book: FaultBook; targets: ReadonlyMap<string, FaultTarget> } | undefined
}

const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms)
  })

/** A planned fault: a documented error status (a problem), or a broken connection. */
function fail(x: Exchange, target: FaultTarget): void {
  const respond = x.plan?.respond
  if (!x.plan || !respond) return
  if ('network' in respond) {
    x.reply = { status: 0, headers: {}, text: '', network: respond.network }
    return
  }
  const done = x.plan.when === 'after' ? 'the request was handled first' : 'nothing was done'
  throw new HttpError(respond.status, `Simulated by ${x.plan.cause}; ${done}.`, {
    headers: target.errors.get(respond.status) ?? {},
  })
}

export function createHandleSteps(deps: HandleDeps) {
  const targetOf = (x: Exchange): FaultTarget | undefined =>
    x.operation && deps.faults?.targets.get(x.operation.operationId)
  return {
    /** `Prefer` and the fault rules: a delay, then maybe a fault before anything is done. */
    planFaults: (x: Exchange): Promise<void> | undefined => {
      const target = targetOf(x)
      // the fast path: one comparison when no fault, delay or Prefer applies
      x.plan = target && deps.faults?.book.plan(target, headerOf(x.request.headers, 'prefer'))
      const { plan } = x
      if (!plan || !target) return undefined
      const failBefore = (): void => {
        if (plan.when === 'before') fail(x, target)
      }
      if (plan.delayMs === 0) {
        failBefore()
        return undefined
      }
      return sleep(plan.delayMs).then(failBefore)
    },

    /** The handler, in a read, or in a write that is durable before it is answered. */
    runHandler: async (x: Exchange): Promise<void> => {
      const entry = x.route?.operations.get(x.request.method === 'HEAD' ? 'GET' : x.request.method)
      if (!entry) return
      const input = {
        user: x.caller?.user,
        token: x.caller?.token,
        path: x.params,
        query: x.query,
        body: x.body,
        now: () => deps.now().toISOString(),
        newId: deps.newId,
      }
      const run = entry.operation.method === 'get' ? deps.engine.read : deps.engine.write
      const reply = await run((repositories) => entry.handler(input, repositories))
      const headers = { ...reply.headers }
      let text = ''
      if ('body' in reply) {
        headers['Content-Type'] = JSON_CONTENT_TYPE
        text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body)
      }
      x.handled = { status: reply.status, headers, text }
    },

    /** A fault asked for after the request was handled: its answer is replaced. */
    faultAfter: (x: Exchange): undefined => {
      const target = targetOf(x)
      if (x.plan?.when === 'after' && target) fail(x, target)
    },
  }
}
