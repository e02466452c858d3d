// IP address literals as RFC 3986 and RFC 4291 write them, for the host check (which runs where
// there is no node:net: a fetch function, a service worker). ip-address.test.ts holds them to
// node:net's isIPv4 and isIPv6.

const V4_PART = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]\\d|\\d)'
const V4 = `(?:${V4_PART}\\.){3}${V4_PART}`
const H = '[0-9a-fA-F]{1,4}'

/** One alternative per count of groups before `::` (or none): what follows fills the rest. */
function v6Alternatives(): string[] {
  const alternatives = [`(?:${H}:){7}(?:${H}|:)`, `(?:${H}:){6}(?:${V4}|:${H}|:)`]
  for (let before = 5; before >= 0; before--) {
    const after = 7 - before
    const lead = before === 0 ? ':' : `(?:${H}:){${String(before)}}`
    const rest = [`(?::${H}){0,${String(after - 2)}}:${V4}`, `(?::${H}){1,${String(after)}}`, ':']
    alternatives.push(`${lead}(?:${rest.join('|')})`)
  }
  return alternatives
}

const IPV4 = new RegExp(`^${V4}$`)
// a zone (`%eth0`) is allowed, as node:net allows it; the host check refuses it on its own
const IPV6 = new RegExp(`^(?:${v6Alternatives().join('|')})(?:%[0-9a-zA-Z-.:]+)?$`)

export const isIPv4 = (text: string): boolean => IPV4.test(text)
export const isIPv6 = (text: string): boolean => IPV6.test(text)
