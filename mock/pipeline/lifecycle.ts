// What happens to each request, told to whoever listens, as MSW's life-cycle events are: the
// inspector's recorder, the request log, the error logger. A listener observes only: it is given
// the exchange (with its `id`) and the answer once they are final, and what it returns is unused.
import type { Reply } from '../shared/reply.ts'
import type { Exchange } from './exchange.ts'

export interface LifecycleEvents {
  /** The core took a request. */
  'request:start': (exchange: Exchange) => void
  /** An answer handed to the transport (not a page's, nor a broken connection). */
  'response:mocked': (exchange: Exchange, reply: Readonly<Reply>) => void
  /** An error that is the mock's own bug or its store's failure, answered 5xx. */
  unhandledException: (error: unknown, exchange: Exchange) => void
}

type EventName = keyof LifecycleEvents

export interface Lifecycle {
  /** Adds a listener; returns what removes it. */
  on: <E extends EventName>(event: E, listener: LifecycleEvents[E]) => () => void
}

/** The events, and what the core tells them with (one call each: no arguments array). */
export function createLifecycle(): Lifecycle & {
  tell: { [E in EventName]: (...args: Parameters<LifecycleEvents[E]>) => void }
} {
  // arrays, not sets: every request reads them, and most are empty
  const listeners: { [E in EventName]: LifecycleEvents[E][] } = {
    'request:start': [],
    'response:mocked': [],
    unhandledException: [],
  }
  return {
    on(event, listener) {
      const list: unknown[] = listeners[event]
      list.push(listener)
      return () => {
        const index = list.indexOf(listener)
        if (index !== -1) list.splice(index, 1)
      }
    },
    tell: {
      'request:start': (exchange) => {
        for (const listener of listeners['request:start']) listener(exchange)
      },
      'response:mocked': (exchange, reply) => {
        for (const listener of listeners['response:mocked']) listener(exchange, reply)
      },
      unhandledException: (error, exchange) => {
        for (const listener of listeners.unhandledException) listener(error, exchange)
      },
    },
  }
}
