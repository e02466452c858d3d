// Every response a test receives is checked against the document: those the test did not check
// itself (with toMatchDocument or toBeProblem) are checked after it, so no answer goes unjudged,
// including the ones of Arrange steps and read-backs.
import type { ApiResponse } from './api.ts'

const pending: ApiResponse[] = []
const checked = new WeakSet<ApiResponse>()

export function logResponse(res: ApiResponse): void {
  pending.push(res)
}

export function markChecked(res: ApiResponse): void {
  checked.add(res)
}

/** The responses received since the last call that no matcher has checked. */
export function takeUnchecked(): ApiResponse[] {
  return pending.splice(0, pending.length).filter((res) => !checked.has(res))
}
