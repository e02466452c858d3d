import type { Collection } from './collection.ts'
import type { StoredContact } from './data.ts'
import { createSearchIndex, type Search } from './search.ts'

export interface ContactView {
  rows: readonly StoredContact[]
  search: Search
}

/**
 * The contacts of one org, active only or with the deleted ones, in list order, with a search
 * index; built on first use and again after any change, so reads do not scan the whole file.
 */
export function createContactViews(contacts: () => Collection<StoredContact>) {
  const views = new Map<string, ContactView>()
  return {
    invalidate(): void {
      views.clear()
    },
    view(orgId: string, withDeleted: boolean): ContactView {
      const key = `${orgId} ${String(withDeleted)}`
      let view = views.get(key)
      if (!view) {
        const rows = contacts()
          .all()
          .filter((c) => c.org_id === orgId && (withDeleted || c.deleted_at === null))
        view = { rows, search: createSearchIndex(rows) }
        views.set(key, view)
      }
      return view
    },
  }
}
