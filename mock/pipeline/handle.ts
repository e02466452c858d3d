// The stage of the order of checks where the request is handled: the handler runs in a read or in
// a durable write of the store, between the faults asked for before and after it.
import type { FaultBook, FaultPlan } from '../faults/fault-book.ts'
import type { FaultTarget } from '../faults/fault-targets.ts'
import { HttpError } from '../shared/problem.ts'
import { JSON_CONTENT_TYPE, type Reply } from '../shared/reply.ts'
import type { StorageEngine } from '../store/repositories.ts'
import { headerOf, type Known } from './exchange.ts'
import type { Awaitable } from './steps.ts'

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

export function createHandleSteps(deps: HandleDeps) {
  const targetOf = (x: Known<'target'>): FaultTarget | undefined =>
    deps.faults?.targets.get(x.target.operation.operationId)
  const now = (): string => deps.now().toISOString()

  /** A planned fault, when it is its time: a documented error status (a problem), or a broken connection. */
  const fail = (x: Known<'target' | 'plan'>, when: FaultPlan['when']): Reply | undefined => {
    const { plan } = x
    if (plan?.when !== when || !plan.respond) return undefined
    const { respond } = plan
    if ('network' in respond) return { status: 0, headers: {}, text: '', network: respond.network }
    const done = when === 'after' ? 'the request was handled first' : 'nothing was done'
    throw new HttpError(respond.status, `Simulated by ${plan.cause}; ${done}.`, {
      headers: targetOf(x)?.errors.get(respond.status) ?? {},
    })
  }

  return {
    /** `Prefer` and the fault rules: the plan, once its delay is over. */
    planFaults: (x: Known<'target'>): Awaitable<FaultPlan | undefined> => {
      const target = targetOf(x)
      // the fast path: one comparison when no fault, delay or Prefer applies
      const plan = target && deps.faults?.book.plan(target, headerOf(x.request.headers, 'prefer'))
      if (!plan || plan.delayMs === 0) return plan
      return sleep(plan.delayMs).then(() => plan)
    },

    /** A fault before anything is done. */
    faultBefore: (x: Known<'target' | 'plan'>): Reply | undefined => fail(x, 'before'),

    /** The handler, in a read, or in a write that is durable before it is answered. */
    runHandler: async (
      x: Known<'target' | 'caller' | 'params' | 'query' | 'body'>,
    ): Promise<Reply> => {
      const { operation, handler } = x.target
      const input = {
        user: x.caller?.user,
        token: x.caller?.token,
        path: x.params,
        query: x.query,
        body: x.body,
        now,
        newId: deps.newId,
      }
      const run = operation.method === 'get' ? deps.engine.read : deps.engine.write
      const reply = await run((repositories) => handler(input, repositories))
      const headers = { ...reply.headers }
      let text = ''
      if ('body' in reply) {
        headers['Content-Type'] = JSON_CONTENT_TYPE
        text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body)
      }
      return { status: reply.status, headers, text }
    },

    /** A fault asked for after the request was handled: it answers instead. */
    faultAfter: (x: Known<'target' | 'plan'>): Reply | undefined => fail(x, 'after'),
  }
}
