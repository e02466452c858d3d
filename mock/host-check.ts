import { isIPv4, isIPv6 } from 'node:net'
import type { IncomingMessage } from 'node:http'
import { HttpError } from './problem.ts'

/** The name of a Host header, lower case, without the port and a trailing dot: `[::1]` stays. */
export function hostNameOf(host: string): string {
  const lower = host.trim().toLowerCase()
  const name = lower.startsWith('[')
    ? lower.slice(0, lower.indexOf(']') + 1)
    : lower.replace(/:\d*$/, '')
  return name.replace(/\.$/, '')
}

const isLoopbackName = (name: string): boolean =>
  name === 'localhost' || name.endsWith('.localhost')

/** An address in the Host header cannot be rebound to another server by DNS. */
const isIpLiteral = (name: string): boolean =>
  isIPv4(name) || (name.startsWith('[') && name.endsWith(']') && isIPv6(name.slice(1, -1)))

/**
 * Throws a 403 for a Host header that names neither this machine, an IP address nor a configured
 * host name: a page on another site that rebinds its DNS name to 127.0.0.1 would otherwise reach
 * the mock as a same-origin page (the rule Vite and webpack-dev-server use).
 */
export function createHostCheck(allowedHosts: readonly string[]): (req: IncomingMessage) => void {
  const allowed = new Set(allowedHosts.map(hostNameOf))
  const accepted = ['localhost', '*.localhost', 'IP addresses', ...allowed].join(', ')
  return (req) => {
    const host = req.headers.host ?? ''
    if (host.trim() === '') {
      throw new HttpError(400, 'The request has no Host header; send one (HTTP/1.1 requires it).')
    }
    const name = hostNameOf(host)
    if (isLoopbackName(name) || isIpLiteral(name) || allowed.has(name)) return
    throw new HttpError(
      403,
      `The host name '${name}' is not served here (a guard against DNS rebinding). ` +
        `Accepted: ${accepted}. To accept it, start the mock with --allowed-host ${name}.`,
    )
  }
}
