export interface Row {
  id: string
  created_at: string
  deleted_at: string | null
}

/** List order: created_at, then id. */
const before = (a: Row, b: Row): boolean =>
  a.created_at < b.created_at || (a.created_at === b.created_at && a.id < b.id)

/** The first position in `items` (in list order by `rowOf`) whose row is not before `row`. */
export function positionIn<I>(
  items: readonly I[],
  row: Row,
  rowOf: (item: I) => Row | undefined,
): number {
  let low = 0
  let high = items.length
  while (low < high) {
    const middle = (low + high) >> 1
    const item = items[middle]
    const other = item === undefined ? undefined : rowOf(item)
    if (other && before(other, row)) low = middle + 1
    else high = middle
  }
  return low
}
