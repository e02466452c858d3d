// `--anonymize`: every text a person could be found by becomes a fake one, drawn from a keyed hash
// of the original, so that the same input always gives the same output. Word by word: a word is
// the same fake word wherever it is (a last name, the same name in an email or a note), its case
// kept and its length too, so a search for a name's fake finds the contacts the name found and no
// field outgrows its limit. Digits are drawn the same way, punctuation stays. What is kept: ids,
// types, dates, enums, deletion states and the shape of every record.
import { createHmac } from 'node:crypto'

/** Fields kept as they are: ids, references, types, dates and enums, by which no one is found. */
const KEPT = new Set([
  'id',
  'org_id',
  'relationship_type',
  'birthday',
  'gender',
  'created_at',
  'updated_at',
  'deleted_at',
])

type Kind = 'text' | 'email' | 'phone' | 'url'
/** Fields whose text has a form of its own; any other string field is free text. */
const KINDS: Readonly<Record<string, Kind>> = {
  email: 'email',
  phone_number: 'phone',
  linkedin_url: 'url',
}

const WORD = /[\p{L}\p{M}]+|\p{N}+/gu
const LETTERS = /^[\p{L}\p{M}]/u
const CONSONANTS = 'bdfgklmnprstvz'
const VOWELS = 'aeiou'
/** Draws before a fake word may equal a source word or another word's fake (short words). */
const ATTEMPTS = 40

/** A value of a record: what a seed's JSON holds. */
type Value = string | number | boolean | null | Value[] | { [key: string]: Value }

const normalized = (word: string): string => word.normalize('NFC').toLowerCase()

/** A word in the case of `like`: ALL CAPS, Capitalized, or lower. */
function inCaseOf(like: string, fake: string): string {
  if (fake.length > 1 && like === like.toUpperCase() && like !== like.toLowerCase())
    return fake.toUpperCase()
  const first = like.charAt(0)
  if (first !== first.toLowerCase()) return fake.charAt(0).toUpperCase() + fake.slice(1)
  return fake
}

/** What an anonymizer replaces a record's texts with; one per pull, its key drawn or given. */
export interface Anonymizer {
  /** The records, their texts replaced; ids, types, dates and shapes as they were. */
  anonymize: <T extends Value>(records: readonly T[]) => T[]
}

/** `source`: every record the anonymizer will see, so that no fake is one of their words. */
export function createAnonymizer(key: string, source: readonly Value[]): Anonymizer {
  const sourceWords = new Set<string>()
  const sourcePhones = new Set<string>()
  const fakes = new Map<string, string>()
  const usedFakes = new Set<string>()

  const bytesOf = (...parts: string[]): Buffer =>
    createHmac('sha256', key).update(parts.join('\u0000')).digest()

  /** `length` characters alternating consonants and vowels, drawn from the hash. */
  function pseudoWord(length: number, ...parts: string[]): string {
    let out = ''
    for (let block = 0; out.length < length; block++) {
      const bytes = bytesOf(...parts, String(block))
      let vowel = (bytes[0] ?? 0) % 3 === 0
      for (const byte of bytes.subarray(1)) {
        if (out.length === length) break
        const letters = vowel ? VOWELS : CONSONANTS
        out += letters.charAt(byte % letters.length)
        // now and then two consonants inside a word, so the words do not all sound alike
        const inside = out.length > 1 && out.length < length - 1
        vowel = vowel ? false : !inside || byte % 5 !== 0
      }
    }
    return out
  }

  function fakeWord(word: string): string {
    const lower = normalized(word)
    let fake = fakes.get(lower)
    if (fake === undefined) {
      const length = Array.from(lower).length
      for (let attempt = 0; ; attempt++) {
        fake = pseudoWord(length, 'word', String(attempt), lower)
        const clash = sourceWords.has(fake) || usedFakes.has(fake)
        if (!clash || attempt >= ATTEMPTS) break
      }
      fakes.set(lower, fake)
      usedFakes.add(fake)
    }
    return inCaseOf(word, fake)
  }

  function fakeDigits(digits: string, salt: string): string {
    const bytes = bytesOf('digits', salt, digits)
    let i = 0
    return digits.replace(/\p{N}/gu, () => String((bytes[i++ % bytes.length] ?? 0) % 10))
  }

  const fakeText = (text: string, salt = ''): string =>
    text.replace(WORD, (word) => (LETTERS.test(word) ? fakeWord(word) : fakeDigits(word, salt)))

  /** Its words; a domain's last label becomes `example` (RFC 2606): no real address is mailed. */
  function fakeDomain(domain: string): string {
    const labels = domain.split('.')
    if (labels.length < 2) return fakeText(domain)
    return [...labels.slice(0, -1).map((label) => fakeText(label)), 'example'].join('.')
  }

  function fakeEmail(email: string): string {
    const at = email.lastIndexOf('@')
    if (at < 0) return fakeText(email)
    return `${fakeText(email.slice(0, at))}@${fakeDomain(email.slice(at + 1))}`
  }

  /** A URL keeps its scheme and, for LinkedIn, its host; its path's words are replaced. */
  function fakeUrl(text: string): string {
    if (!URL.canParse(text)) return fakeText(text)
    const url = new URL(text)
    if (/(^|\.)linkedin\.com$/i.test(url.hostname)) {
      // a profile's path is /in/<name>: the name is replaced, the form kept
      const [, form = '', name = ''] = /^(\/in\/)?(.*)$/s.exec(url.pathname) ?? []
      return `${url.protocol}//${url.host}${form}${fakeText(name)}`
    }
    return `${url.protocol}//${fakeDomain(url.host)}${fakeText(url.pathname)}`
  }

  /** Digits only, so that the number keeps its form (`+1 (555) 010-4477 ext. 12`). */
  function fakePhone(phone: string): string {
    for (let attempt = 0; ; attempt++) {
      const fake = phone.replace(/\p{N}+/gu, (digits) => fakeDigits(digits, String(attempt)))
      if (!sourcePhones.has(fake) || attempt >= ATTEMPTS) return fake
    }
  }

  const FAKE: Readonly<Record<Kind, (text: string) => string>> = {
    text: fakeText,
    email: fakeEmail,
    phone: fakePhone,
    url: fakeUrl,
  }

  /** Calls `onText` on every text of `value` a person could be found by, with its kind. */
  function walk(value: Value, onText: (text: string, kind: Kind) => string, kind: Kind): Value {
    if (typeof value === 'string') return onText(value, kind)
    if (Array.isArray(value)) return value.map((item) => walk(item, onText, kind))
    if (value === null || typeof value !== 'object') return value
    return Object.fromEntries(
      Object.entries(value).map(([name, field]) => [
        name,
        KEPT.has(name) ? field : walk(field, onText, KINDS[name] ?? 'text'),
      ]),
    )
  }

  for (const record of source) {
    walk(
      record,
      (text, kind) => {
        if (kind === 'phone') sourcePhones.add(text)
        for (const [word] of text.matchAll(WORD)) {
          if (LETTERS.test(word)) sourceWords.add(normalized(word))
        }
        return text
      },
      'text',
    )
  }

  return {
    // each record is walked as it is, so the result has its type
    anonymize: (records) =>
      records.map(
        (record) => walk(record, (text, kind) => FAKE[kind](text), 'text') as typeof record,
      ),
  }
}
