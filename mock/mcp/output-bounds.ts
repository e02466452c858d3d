// Every tool's answer is bounded in size: an agent's context is small and costly, and a list of
// 500 recorded requests or a page of 100 contacts must not fill it. Each tool keeps within its
// bound by leaving items out (and saying so); the server refuses any answer that would not.

/** The most a tool's structured answer may take, in bytes of JSON. */
export const MAX_OUTPUT_BYTES = 48 * 1024
/** The most of a response body api_request returns. */
export const MAX_BODY_BYTES = 32 * 1024
/** The most of one text (a message, a URL) an item of a list carries. */
export const MAX_TEXT_CHARS = 1_000

export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value))

/** The first `bytes` of a text, never half a character. */
export function cutText(text: string, bytes: number): string {
  const buffer = Buffer.from(text)
  if (buffer.length <= bytes) return text
  return buffer
    .subarray(0, bytes)
    .toString('utf8')
    .replace(/\uFFFD+$/, '')
}

/** A text of at most MAX_TEXT_CHARS characters, saying how long it was. */
export const capText = (text: string, chars = MAX_TEXT_CHARS): string =>
  text.length <= chars ? text : `${text.slice(0, chars)}… (${String(text.length)} characters)`

/** The first items whose JSON fits in `budget` bytes, and whether some were left out. */
export function takeWithin<T>(
  items: readonly T[],
  budget: number,
): { kept: T[]; truncated: boolean } {
  const kept: T[] = []
  let used = 2
  for (const item of items) {
    used += jsonBytes(item) + 1
    if (used > budget) return { kept, truncated: true }
    kept.push(item)
  }
  return { kept, truncated: false }
}
