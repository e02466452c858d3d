// Records are replaced, never changed in place: the text of one stays true for as long as it lives.
const texts = new WeakMap<object, string>()

/** A record's JSON, made once and kept: the journal writes it, and each later snapshot reuses it. */
export function keptJsonOf(record: object): string {
  let text = texts.get(record)
  if (text === undefined) {
    text = JSON.stringify(record)
    texts.set(record, text)
  }
  return text
}

/**
 * A record's JSON, the kept one when the journal made it; not kept otherwise (a snapshot that
 * kept the text of every record would double the memory the data takes).
 */
export const jsonOf = (record: object): string => texts.get(record) ?? JSON.stringify(record)
