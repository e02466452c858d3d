// Walking paginated lists: {<items>: [...], count, first}.
import { call, type ApiResponse } from './api.ts'

export interface Page<T> {
  res: ApiResponse
  items: T[]
  count: number
  first: number
}

export async function fetchPage<T>(
  path: string,
  key: string,
  query: readonly (readonly [string, string])[],
  token?: string,
): Promise<Page<T>> {
  const res = await call('GET', path, { query, token })
  const body = (res.body ?? {}) as Record<string, unknown>
  const items = Array.isArray(body[key]) ? (body[key] as T[]) : []
  return { res, items, count: Number(body['count']), first: Number(body['first']) }
}

/** Every page with the given limit, until an empty or short page (at most `maxPages`). */
export async function fetchAllPages<T>(
  path: string,
  key: string,
  limit: number,
  query: readonly (readonly [string, string])[] = [],
  maxPages = 50,
  token?: string,
): Promise<Page<T>[]> {
  const pages: Page<T>[] = []
  for (let page = 1; page <= maxPages; page += 1) {
    const current = await fetchPage<T>(
      path,
      key,
      [...query, ['limit', String(limit)], ['page', String(page)]],
      token,
    )
    pages.push(current)
    if (current.items.length < limit) break
  }
  return pages
}

/** created_at ascending, then id ascending (decision 11). */
export function isListOrder(items: readonly { created_at: string; id: string }[]): boolean {
  return items.every((item, index) => {
    const previous = items[index - 1]
    if (previous === undefined) return true
    if (previous.created_at !== item.created_at) return previous.created_at < item.created_at
    return previous.id < item.id
  })
}

export const UTC_MILLISECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
