import type { IncomingMessage } from 'node:http'

/** How long a `hang` fault keeps a connection without an answer, at most. */
const HANG_MS = 5 * 60_000

function whenReceived(req: IncomingMessage, then: () => void): void {
  if (req.complete) then()
  else req.once('end', then).resume()
}

/**
 * A network fault: `reset` sends a TCP reset (the client sees ECONNRESET), `empty` closes the
 * connection without an answer, `hang` answers nothing until the client gives up (5 minutes at
 * most). Only this request's connection is touched.
 */
export function breakConnection(req: IncomingMessage, network: 'reset' | 'empty' | 'hang'): void {
  const { socket } = req
  if (network === 'reset') {
    socket.resetAndDestroy()
    return
  }
  if (network === 'empty') {
    // the body is read first: closing on unread bytes would be a reset, not a close
    whenReceived(req, () => socket.end())
    return
  }
  const timer = setTimeout(() => socket.destroy(), HANG_MS)
  timer.unref()
  socket.once('close', () => {
    clearTimeout(timer)
  })
  req.resume()
}
