export interface Page<T> {
  items: T[]
  count: number
  first: number
}

/** `first` is the 1-based position of the page's first record, 0 when the page is empty. */
export function paginate<T>(rows: readonly T[], page: number, limit: number): Page<T> {
  const start = (page - 1) * limit
  const items = rows.slice(start, start + limit)
  return { items, count: rows.length, first: items.length > 0 ? start + 1 : 0 }
}
