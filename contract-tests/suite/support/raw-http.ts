// Requests an HTTP client library will not send: no Host header, headers that never end. Written
// byte for byte on a connection of their own, to the base URL's server (TLS for https).
import { connect as connectTcp, type Socket } from 'node:net'
import { connect as connectTls } from 'node:tls'
import { contractEnv } from './env.ts'

export interface RawAnswer {
  /** The status of the answer's status line; undefined when none came. */
  status: number | undefined
  /** The answer as received (its first 64 KiB). */
  text: string
  /** Why no answer came: the connection was closed, or the wait ran out. */
  silence?: 'closed' | 'timed out'
}

const KEPT_BYTES = 64 * 1024

/** The base URL's host (with its port) and path prefix, for writing a request line by hand. */
export function baseTarget(): { host: string; prefix: string } {
  const url = new URL(contractEnv().baseUrl)
  return { host: url.host, prefix: url.pathname.replace(/\/+$/, '') }
}

function open(): Socket {
  const url = new URL(contractEnv().baseUrl)
  const secure = url.protocol === 'https:'
  const port = Number(url.port === '' ? (secure ? 443 : 80) : url.port)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  return secure ? connectTls({ host, port, servername: url.hostname }) : connectTcp({ host, port })
}

/**
 * Writes `bytes` and waits up to `waitMs` for the server's answer: it is read until the server
 * closes the connection or the answer's head and a pause of 200 ms have arrived.
 */
export function sendRaw(bytes: string, waitMs: number): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = open()
    let text = ''
    let settle: NodeJS.Timeout | undefined
    const finish = (silence?: RawAnswer['silence']): void => {
      clearTimeout(timer)
      clearTimeout(settle)
      socket.destroy()
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text)
      const status = match?.[1] === undefined ? undefined : Number(match[1])
      resolve({ status, text, ...(status === undefined && silence ? { silence } : {}) })
    }
    const timer = setTimeout(() => {
      finish('timed out')
    }, waitMs)
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      if (text.length < KEPT_BYTES) text += chunk.slice(0, KEPT_BYTES - text.length)
      clearTimeout(settle)
      if (text.includes('\r\n\r\n')) settle = setTimeout(finish, 200)
    })
    socket.on('end', () => {
      finish('closed')
    })
    socket.on('error', (error) => {
      // A server may reset the connection once it has answered: what arrived still counts.
      if (text === '') {
        clearTimeout(timer)
        reject(error)
      } else finish('closed')
    })
    socket.write(bytes)
  })
}
