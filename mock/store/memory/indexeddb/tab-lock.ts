// One lock for all tabs (and workers) of an origin, from the browser's Web Locks
// (`navigator.locks`): the tab holding it is the only one that writes. The browser lets it go
// when the tab that holds it is closed or crashes, so a closed tab never keeps the others waiting.

interface LockManager {
  request: (name: string, callback: () => Promise<void>) => Promise<void>
}

/** Lets the lock go. */
export type Release = () => void

/** Takes the lock of that name and resolves once this tab holds it, to the function that lets it go. */
export type TakeLock = (name: string) => Promise<Release>

const browserLocks = (): LockManager | undefined =>
  (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks

/**
 * The Web Locks of this page. Where there are none (a page that is no secure context has no
 * service worker either), each tab goes on alone: a commit still refuses to land on a generation
 * another tab has moved past (records.ts), it just is not kept from trying.
 */
export function webLocks(locks: LockManager | undefined = browserLocks()): TakeLock {
  if (locks === undefined) return () => Promise.resolve(() => undefined)
  return (name) =>
    new Promise((resolve, reject) => {
      locks
        .request(
          name,
          () =>
            new Promise<void>((release) => {
              resolve(release)
            }),
        )
        .catch(reject)
    })
}
