// What happens to each request, told to whoever listens, as MSW's life-cycle events are: the
// inspector's recorder, the request log, the error logger. A listener observes only: it is given
// the exchange (its `id` names the request) once what it is told is final, and what it returns
// is not used.
import type { Reply } from '../shared/reply.ts'
import type { Exchange } from './exchange.ts'

/** Each event, and what a listener is told besides the exchange. */
export interface LifecycleEvents {
  /** The core took a request. */
  'request:start': undefined
  /** An answer handed to the transport (not a page's, nor a broken connection). */
  'response:mocked': Readonly<Reply>
  /** An error that is the mock's own bug or its store's failure, answered 5xx. */
  unhandledException: unknown
}

type EventName = keyof LifecycleEvents
type Listener<E extends EventName> = (exchange: Exchange, told: LifecycleEvents[E]) => void

export interface Lifecycle {
  /** Adds a listener; returns what removes it. */
  on: <E extends EventName>(event: E, listener: Listener<E>) => () => void
}

export function createLifecycle(): Lifecycle & {
  tell: <E extends EventName>(event: E, exchange: Exchange, told: LifecycleEvents[E]) => void
} {
  // arrays, not sets: every request reads them, and most are empty
  const listeners: { [E in EventName]: Listener<E>[] } = {
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
    tell(event, exchange, told) {
      for (const listener of listeners[event]) listener(exchange, told)
    },
  }
}
