// A bare HTTP/1.1 client over a TCP socket: it sends what no HTTP library would (a bare LF, two
// Content-Lengths) and shows exactly what the server wrote back.
import { connect } from 'node:net'

export interface RawResponse {
  status: number
  /** Header names in lower case. */
  headers: Record<string, string>
  /** The body of the first response. */
  text: string
  /** Whatever followed the first response: a second answer would mean a desynchronized stream. */
  rest: string
  /** Whether the server closed the connection. */
  closed: boolean
}

function parseResponse(raw: string, closed: boolean): RawResponse {
  const end = raw.indexOf('\r\n\r\n')
  const [statusLine = '', ...lines] = raw.slice(0, end === -1 ? raw.length : end).split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const body = end === -1 ? '' : raw.slice(end + 4)
  const length = Number(headers['content-length'] ?? body.length)
  return {
    status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1] ?? 0),
    headers,
    text: body.slice(0, length),
    rest: body.slice(length),
    closed,
  }
}

/**
 * Writes `request` to 127.0.0.1:`port` and reads until the server closes the connection, or
 * `waitMs` have passed (then `closed` is false).
 */
export function sendRaw(port: number, request: string, waitMs = 5000): Promise<RawResponse> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    const finish = (closed: boolean): void => {
      clearTimeout(timer)
      socket.destroy()
      resolve(parseResponse(Buffer.concat(chunks).toString('latin1'), closed))
    }
    const timer = setTimeout(() => {
      finish(false)
    }, waitMs)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    // the server may close while a large request is still being written: what it answered counts
    socket.on('error', () => undefined)
    socket.on('close', () => {
      finish(true)
    })
    socket.write(request, 'latin1')
  })
}
