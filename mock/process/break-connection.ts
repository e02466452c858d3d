import type { IncomingMessage } from 'node:http'
import type { NetworkFault } from '../shared/reply.ts'

/** How long a `hang` fault keeps a connection without an answer, at most. */
const HANG_MS = 5 * 60_000

/**
 * A network fault: `reset` sends a TCP reset (the client sees ECONNRESET), `empty` closes the
 * connection without an answer, `hang` answers nothing until the client gives up (5 minutes at
 * most). Only this request's connection is touched.
 */
export function breakConnection(req: IncomingMessage, network: NetworkFault): void {
  const { socket } = req
  if (network === 'reset') {
    socket.resetAndDestroy()
    return
  }
  if (network === 'empty') {
    // the body is read first: closing on unread bytes would be a reset, not a close
    if (req.complete) socket.end()
    else req.once('end', () => socket.end()).resume()
    return
  }
  const timer = setTimeout(() => socket.destroy(), HANG_MS).unref()
  socket.once('close', () => {
    clearTimeout(timer)
  })
  req.resume()
}
