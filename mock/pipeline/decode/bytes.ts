// What the body readers need of bytes, on Uint8Array (the core runs where there is no Buffer).
import { HttpError } from '../../shared/problem.ts'

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** The bytes as UTF-8 text; a 400 naming `what` when they are not UTF-8. */
export function utf8Text(bytes: Uint8Array, what: string): string {
  try {
    return utf8.decode(bytes)
  } catch {
    throw new HttpError(400, `The ${what} is not valid UTF-8.`)
  }
}

/** Bytes of a text of code points up to 255 (ASCII delimiters, latin1 names), one byte each. */
export function latin1Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length)
  for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index) & 0xff
  return bytes
}

/** Each byte as the code point of the same number (latin1, not windows-1252 as TextDecoder's). */
export function latin1Text(bytes: Uint8Array): string {
  let text = ''
  // in slices: String.fromCharCode takes its arguments on the stack
  for (let start = 0; start < bytes.length; start += 8192) {
    text += String.fromCharCode(...bytes.subarray(start, start + 8192))
  }
  return text
}

/** Where `needle` first occurs in `haystack` from `from` on; -1 when it does not. */
export function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0]
  if (first === undefined) return from <= haystack.length ? from : -1
  const last = haystack.length - needle.length
  for (let at = haystack.indexOf(first, from); at !== -1 && at <= last;) {
    let index = 1
    while (index < needle.length && haystack[at + index] === needle[index]) index++
    if (index === needle.length) return at
    at = haystack.indexOf(first, at + 1)
  }
  return -1
}
