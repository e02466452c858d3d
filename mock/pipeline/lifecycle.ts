// Side concerns follow the core through events instead of being threaded through it (as MSW's
// life-cycle events): the response check, the inspector's recorder, the request log.
import type { Reply } from '../shared/reply.ts'
import type { Exchange } from './exchange.ts'

export interface LifecycleListeners {
  /** Before an answer leaves: a listener may put another in its place (the response check). */
  send: (exchange: Exchange, reply: Reply) => Reply | undefined
  /** Once an answer is handed to the transport. */
  response: (exchange: Exchange, reply: Reply) => void
  /** An error that is the mock's own bug (answered 500). */
  error: (error: unknown, exchange: Exchange) => void
}

type EventName = keyof LifecycleListeners

export interface Lifecycle {
  /** Adds a listener; returns what removes it. */
  on: <E extends EventName>(event: E, listener: LifecycleListeners[E]) => () => void
  /** The answer after every `send` listener had its say. */
  send: (exchange: Exchange, reply: Reply) => Reply
  response: (exchange: Exchange, reply: Reply) => void
  error: (error: unknown, exchange: Exchange) => void
}

export function createLifecycle(): Lifecycle {
  // arrays, not sets: the answer path reads them on every request, and most are empty
  const listeners: { [E in EventName]: LifecycleListeners[E][] } = {
    send: [],
    response: [],
    error: [],
  }
  return {
    on(event, listener) {
      const list = listeners[event] as unknown[]
      list.push(listener)
      return () => {
        const index = list.indexOf(listener)
        if (index !== -1) list.splice(index, 1)
      }
    },
    send(exchange, reply) {
      let sent = reply
      for (const listener of listeners.send) sent = listener(exchange, sent) ?? sent
      return sent
    },
    response(exchange, reply) {
      for (const listener of listeners.response) listener(exchange, reply)
    },
    error(error, exchange) {
      for (const listener of listeners.error) listener(error, exchange)
    },
  }
}
