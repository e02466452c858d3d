import { isIPv4, isIPv6 } from '../../shared/ip-address.ts'
import { HttpError } from '../../shared/problem.ts'
import { headerOf, type RequestHeaders } from '../exchange.ts'

/** A Host header taken apart: the name in lower case without a trailing dot (`[::1]` stays). */
export interface HostParts {
  name: string
  port: string | undefined
}

// RFC 1123 labels, and `_` as --allowed-host takes it (Docker's service names have one)
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/
const PORT = /^\d{1,5}$/

const isHostName = (name: string): boolean =>
  name.length <= 253 && name.split('.').every((label) => LABEL.test(label))

const isBracketedIPv6 = (name: string): boolean =>
  name.startsWith('[') && name.endsWith(']') && isIPv6(name.slice(1, -1)) && !name.includes('%')

/**
 * The name and port of a Host header, or undefined when it is not a real host: RFC 1123 labels,
 * an IPv4 address or a bracketed IPv6 address, then an optional port of 0 to 65535. Nothing else
 * gets through (`evil.example#.localhost`, `u@evil.example/x.localhost`, `localhost:99999`).
 */
export function parseHost(host: string): HostParts | undefined {
  const lower = host.trim().toLowerCase()
  const close = lower.startsWith('[') ? lower.indexOf(']') + 1 : 0
  const colon = lower.indexOf(':', close)
  const name = (colon < 0 ? lower : lower.slice(0, colon)).replace(/\.$/, '')
  const port = colon < 0 ? undefined : lower.slice(colon + 1)
  if (port !== undefined && (!PORT.test(port) || Number(port) > 65_535)) return undefined
  const real = close > 0 ? isBracketedIPv6(name) : isIPv4(name) || isHostName(name)
  return real ? { name, port } : undefined
}

const isLoopbackName = (name: string): boolean =>
  name === 'localhost' || name.endsWith('.localhost')

/** An address in the Host header cannot be rebound to another server by DNS. */
const isIpLiteral = (name: string): boolean => isIPv4(name) || name.startsWith('[')

const quoted = (text: string): string => `'${text.length > 100 ? `${text.slice(0, 100)}…` : text}'`

/**
 * Throws a 403 for a Host header that names neither this machine, an IP address nor a configured
 * host name: a page on another site that rebinds its DNS name to 127.0.0.1 would otherwise reach
 * the mock as a same-origin page (the rule Vite and webpack-dev-server use).
 */
export function createHostCheck(
  allowedHosts: readonly string[],
): (headers: RequestHeaders) => void {
  const allowed = new Set(allowedHosts.map((host) => parseHost(host)?.name ?? host))
  const accepted = ['localhost', '*.localhost', 'IP addresses', ...allowed].join(', ')
  return (headers) => {
    const host = headerOf(headers, 'host') ?? ''
    if (host.trim() === '') {
      throw new HttpError(400, 'The request has no Host header; send one (HTTP/1.1 requires it).')
    }
    const parts = parseHost(host)
    if (parts === undefined) {
      throw new HttpError(
        403,
        `The Host header ${quoted(host)} is not a host name (a guard against DNS rebinding): ` +
          'send a name, an IPv4 address or a bracketed IPv6 address, with an optional port.',
      )
    }
    const { name } = parts
    if (isLoopbackName(name) || isIpLiteral(name) || allowed.has(name)) return
    throw new HttpError(
      403,
      `The host name '${name}' is not served here (a guard against DNS rebinding). ` +
        `Accepted: ${accepted}. To accept it, start the mock with --allowed-host ${name}.`,
    )
  }
}
