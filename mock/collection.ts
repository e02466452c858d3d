interface Row {
  id: string
  created_at: string
}

const before = (a: Row, b: Row): boolean =>
  a.created_at < b.created_at || (a.created_at === b.created_at && a.id < b.id)

/**
 * One array of the data file with an index by id. The array stays ordered by created_at, then id
 * (the documented list order), so lists never sort. Rows are replaced, never mutated in place.
 */
export interface Collection<T extends Row> {
  get: (id: string) => T | undefined
  all: () => readonly T[]
  put: (row: T) => void
  remove: (id: string) => T | undefined
}

export function createCollection<T extends Row>(rows: T[]): Collection<T> {
  rows.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0))
  const byId = new Map(rows.map((row) => [row.id, row]))
  return {
    get: (id) => byId.get(id),
    all: () => rows,
    put(row) {
      const existing = byId.get(row.id)
      byId.set(row.id, row)
      if (existing && existing.created_at === row.created_at) {
        rows[rows.indexOf(existing)] = row
        return
      }
      if (existing) rows.splice(rows.indexOf(existing), 1)
      // new rows are nearly always the newest: search from the end
      let index = rows.length
      for (let previous = rows[index - 1]; previous && before(row, previous);) {
        index--
        previous = rows[index - 1]
      }
      rows.splice(index, 0, row)
    },
    remove(id) {
      const existing = byId.get(id)
      if (!existing) return undefined
      byId.delete(id)
      rows.splice(rows.indexOf(existing), 1)
      return existing
    },
  }
}
