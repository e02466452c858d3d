import { positionIn, type Row } from './row-order.ts'

export type { Row } from './row-order.ts'

// A search after a write joins its block's text again. In the bench's mix with writes at 10k,
// 64 rows (up to 128 before a split) ran ~10% faster than 512, and no slower without writes or at
// 100k (a million rows: ~16,000 blocks to walk). 32 gained nothing more.
const BLOCK_SIZE = 64

// NUL is refused in query strings (decision 19), so no needle can match across two rows.
const SEPARATOR = '\u0000'

interface Block<T> {
  rows: T[]
  /** The rows' search texts, at the rows' positions; made when a join first needs them. */
  texts: (string | undefined)[]
  active: number
  /** The rows' search texts joined, built when a search first needs it. */
  text: string | undefined
  starts: number[]
}

/**
 * Rows in list order (created_at, then id) kept in blocks, so a change touches one block: an insert
 * moves at most BLOCK_SIZE rows, and only that block's search text is joined again.
 */
export interface OrderedIndex<T extends Row> {
  readonly size: number
  /** How many rows are not deleted. */
  readonly activeSize: number
  /** Inserts a row, or replaces the row with its id (same created_at). */
  put: (row: T, previous: T | undefined) => void
  remove: (row: T) => void
  /** Rows `start` to `start + limit` in order, of the active rows only unless `withDeleted`. */
  slice: (start: number, limit: number, withDeleted: boolean) => T[]
  /** Every row whose search text contains `needle` (already normalized), in order. */
  search: (needle: string, withDeleted: boolean) => T[]
  /** Joins the search text of up to `blocks` blocks that have none; false when none is left. */
  warm: (blocks: number) => boolean
  values: () => Iterable<T>
}

const sameRow = <R>(row: R): R => row
const lastRowOf = <R>(block: { rows: R[] }): R | undefined => block.rows[block.rows.length - 1]

const isActive = (row: Row): number => (row.deleted_at === null ? 1 : 0)

export function createOrderedIndex<T extends Row>(
  textOf: (row: T) => string = () => '',
): OrderedIndex<T> {
  const blocks: Block<T>[] = []
  let size = 0
  let activeSize = 0

  const newBlock = (rows: T[], texts: (string | undefined)[]): Block<T> => ({
    rows,
    texts,
    active: rows.reduce((sum, row) => sum + isActive(row), 0),
    text: undefined,
    starts: [],
  })

  /** The block a row belongs in: the first whose last row is not before it. */
  const blockFor = (row: T): number =>
    Math.min(positionIn(blocks, row, lastRowOf), Math.max(blocks.length - 1, 0))

  function insert(row: T): void {
    if (blocks.length === 0) blocks.push(newBlock([], []))
    const index = blockFor(row)
    const block = blocks[index]
    if (!block) return
    const at = positionIn(block.rows, row, sameRow)
    block.rows.splice(at, 0, row)
    block.texts.splice(at, 0, undefined)
    block.active += isActive(row)
    block.text = undefined
    if (block.rows.length > 2 * BLOCK_SIZE) {
      blocks.splice(
        index,
        1,
        newBlock(block.rows.slice(0, BLOCK_SIZE), block.texts.slice(0, BLOCK_SIZE)),
        newBlock(block.rows.slice(BLOCK_SIZE), block.texts.slice(BLOCK_SIZE)),
      )
    }
    size++
    activeSize += isActive(row)
  }

  /** Finds the row's place; calls `change` with its block and position. */
  function locate(row: T, change: (block: Block<T>, at: number, index: number) => void): void {
    const index = blockFor(row)
    const block = blocks[index]
    const at = block ? positionIn(block.rows, row, sameRow) : -1
    if (block && block.rows[at]?.id === row.id) change(block, at, index)
  }

  function remove(row: T): void {
    locate(row, (block, at, index) => {
      block.rows.splice(at, 1)
      block.texts.splice(at, 1)
      block.active -= isActive(row)
      block.text = undefined
      if (block.rows.length === 0) blocks.splice(index, 1)
      size--
      activeSize -= isActive(row)
    })
  }

  function joinText(block: Block<T>): string {
    const { rows, texts } = block
    block.starts = []
    let offset = 0
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index]
      const text = texts[index] ?? (row ? textOf(row) : '')
      texts[index] = text
      block.starts.push(offset)
      offset += text.length + 1
    }
    block.text = texts.join(SEPARATOR)
    return block.text
  }

  function searchBlock(block: Block<T>, needle: string, found: T[], withDeleted: boolean): void {
    const text = block.text ?? joinText(block)
    const { starts, rows } = block
    let row = 0
    for (let at = text.indexOf(needle); at !== -1;) {
      while ((starts[row + 1] ?? Infinity) <= at) row++
      const match = rows[row]
      if (match && (withDeleted || match.deleted_at === null)) found.push(match)
      const next = starts[row + 1]
      at = next === undefined ? -1 : text.indexOf(needle, next)
    }
  }

  return {
    get size() {
      return size
    },
    get activeSize() {
      return activeSize
    },
    put(row, previous) {
      if (previous && previous.created_at === row.created_at) {
        locate(previous, (block, at) => {
          block.rows[at] = row
          block.texts[at] = undefined
          block.active += isActive(row) - isActive(previous)
          block.text = undefined
          activeSize += isActive(row) - isActive(previous)
        })
        return
      }
      if (previous) remove(previous)
      insert(row)
    },
    remove,
    slice(start, limit, withDeleted) {
      const out: T[] = []
      let skip = start
      for (const block of blocks) {
        if (out.length >= limit) break
        const count = withDeleted ? block.rows.length : block.active
        if (skip >= count) {
          skip -= count
          continue
        }
        for (const row of block.rows) {
          if (!withDeleted && row.deleted_at !== null) continue
          if (skip > 0) skip--
          else if (out.length < limit) out.push(row)
          else break
        }
      }
      return out
    },
    search(needle, withDeleted) {
      const found: T[] = []
      for (const block of blocks) searchBlock(block, needle, found, withDeleted)
      return found
    },
    warm(count) {
      let left = count
      for (const block of blocks) {
        if (block.text !== undefined) continue
        if (left-- === 0) return true
        joinText(block)
      }
      return false
    },
    *values() {
      for (const block of blocks) yield* block.rows
    },
  }
}
