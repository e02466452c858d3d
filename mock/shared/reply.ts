// What the core answers, whatever carries it: Node's HTTP server, a fetch function, a worker.

/** A fault that breaks the connection instead of answering (see faults/). */
export type NetworkFault = 'reset' | 'empty' | 'hang'

export interface Reply {
  status: number
  /** Content-Type included, with its charset: the text is sent as it is. */
  headers: Record<string, string>
  /** The body; '' for none. */
  text: string
  /** Set instead of an answer: the transport breaks the connection this way. */
  network?: NetworkFault
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

// Statuses that carry no body, and so no Content-Length (RFC 9110, 8.6).
export const BODILESS = new Set([204, 304])
