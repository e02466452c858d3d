import { BlockList, isIPv6 } from 'node:net'

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/** Whether an address to listen on is reachable from this machine only (127.0.0.0/8, ::1). */
export function isLoopbackAddress(address: string): boolean {
  const name = address.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  // IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) match the IPv4 subnet too; other names and
  // the wildcards (0.0.0.0, ::) match nothing
  return name === 'localhost' || LOOPBACK.check(name, isIPv6(name) ? 'ipv6' : 'ipv4')
}
