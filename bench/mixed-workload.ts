import {
  CREATE_ONE,
  fetchOne,
  LIST_PAGE,
  searchFor,
  updateOne,
  type CheckedRequest,
  type MockContext,
} from './requests.ts'

type Kind = 'fetch' | 'list' | 'search' | 'create' | 'PATCH'

/** How many of each kind in one turn of a connection's sequence. */
export type Mix = Partial<Record<Kind, number>>

/** The mix: 60% fetch one, 20% list, 5% search, 10% create, 5% PATCH. */
export const WITH_WRITES: Mix = { fetch: 12, list: 4, search: 1, create: 2, PATCH: 1 }
/** Its read part alone, in the same proportions. */
export const READS_ONLY: Mix = { fetch: 12, list: 4, search: 1 }

/**
 * Spreads the kinds over the turn as evenly as their weights allow (smooth weighted round-robin),
 * so that no connection sends a burst of one kind.
 */
export function interleave(mix: Mix): Kind[] {
  const weights = Object.entries(mix).filter((entry): entry is [Kind, number] => entry[1] > 0)
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0)
  const credit = new Map<Kind, number>(weights.map(([kind]) => [kind, 0]))
  const order: Kind[] = []
  for (let slot = 0; slot < total; slot++) {
    let best: Kind | undefined
    for (const [kind, weight] of weights) {
      const value = (credit.get(kind) ?? 0) + weight
      credit.set(kind, value)
      if (best === undefined || value > (credit.get(best) ?? 0)) best = kind
    }
    if (best === undefined) break
    credit.set(best, (credit.get(best) ?? 0) - total)
    order.push(best)
  }
  return order
}

/** The requests of one turn: fetches and PATCHes go to each of the listed contacts in turn. */
export function mixOf(mix: Mix, context: MockContext): CheckedRequest[] {
  const requests: Record<Kind, CheckedRequest> = {
    fetch: fetchOne(context.ids),
    list: LIST_PAGE,
    search: searchFor(context),
    create: CREATE_ONE,
    PATCH: updateOne(context.ids),
  }
  return interleave(mix).map((kind) => requests[kind])
}
