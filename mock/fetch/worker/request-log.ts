// The worker's last requests, for a person at the console: `contactsMock.requests()` lists them
// with their status and how long the mock took, newest last (`console.table` shows them well).

/** One request the worker answered. */
export interface LoggedRequest {
  /** When it came in (ISO 8601). */
  at: string
  method: string
  /** Its path and query on the page's origin; the whole URL on another. */
  url: string
  /** The answer's status; 0 for a broken connection (a network fault). */
  status: number
  /** From the request reaching the page's worker to the answer, in milliseconds. */
  ms: number
}

export interface RequestLog {
  started: (id: string) => void
  answered: (id: string, request: Request, response: Response) => void
  /** A request the mock left to the network (the page's own files). */
  passed: (id: string) => void
  list: () => LoggedRequest[]
  clear: () => void
}

/** Keeps the last `keep` answered requests. */
export function createRequestLog(origin: string, keep: number): RequestLog {
  const starts = new Map<string, number>()
  let entries: LoggedRequest[] = []
  return {
    started(id) {
      starts.set(id, performance.now())
    },
    answered(id, request, response) {
      const start = starts.get(id) ?? performance.now()
      starts.delete(id)
      const url = new URL(request.url)
      entries.push({
        at: new Date(Date.now() - (performance.now() - start)).toISOString(),
        method: request.method,
        url: url.origin === origin ? url.pathname + url.search : url.href,
        status: response.type === 'error' ? 0 : response.status,
        ms: Math.round((performance.now() - start) * 10) / 10,
      })
      if (entries.length > keep) entries = entries.slice(-keep)
    },
    passed(id) {
      starts.delete(id)
    },
    list: () => entries.map((entry) => ({ ...entry })),
    clear() {
      entries = []
    },
  }
}
