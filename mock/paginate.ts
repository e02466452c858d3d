export interface Page<T> {
  items: T[]
  count: number
  first: number
}

/**
 * `first` is the 1-based position of the page's first record, 0 when the page is empty.
 * `page` and `limit` arrive with the document's defaults applied (compile-operations.ts), so a
 * missing one is a bug here, not a value to invent.
 */
export function paginate<T>(
  rows: readonly T[],
  query: { page?: number | undefined; limit?: number | undefined },
): Page<T> {
  const { page, limit } = query
  if (page === undefined || limit === undefined) {
    throw new Error('page and limit must carry the defaults of openapi/openapi.yaml')
  }
  const start = (page - 1) * limit
  const items = rows.slice(start, start + limit)
  return { items, count: rows.length, first: items.length > 0 ? start + 1 : 0 }
}
