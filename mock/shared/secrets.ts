// Tokens and their comparison, with the Web Crypto every runtime has (Node's global `crypto`, a
// browser's): the core imports no node:crypto.

/** `bytes` random bytes as base64url (24 characters for 18 bytes). */
export function randomToken(bytes: number): string {
  const random = globalThis.crypto.getRandomValues(new Uint8Array(bytes))
  let binary = ''
  for (const byte of random) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

export const randomId = (): string => globalThis.crypto.randomUUID()

/**
 * Whether a secret someone sent is the expected one, in a time that depends on what was sent
 * alone: neither the expected text nor its length can be learnt by timing the answers.
 */
export function isSameSecret(sent: string, expected: string): boolean {
  let difference = sent.length ^ expected.length
  const length = expected.length || 1
  for (let index = 0; index < sent.length; index++) {
    difference |= sent.charCodeAt(index) ^ (expected.charCodeAt(index % length) || 0)
  }
  return difference === 0
}
