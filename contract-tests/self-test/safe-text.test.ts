// The one escaping and redaction step of everything a run writes (runner/report/safe-text.ts), and
// the deadline's durations (runner/deadline.ts).
import { describe, expect, test } from '@jest/globals'
import { formatDuration } from '../runner/deadline.ts'
import { createSafeText, escapeControls } from '../runner/report/safe-text.ts'

describe('Escaping', () => {
  test('When text holds ESC, BEL, CR, DEL, C1 controls, bidi overrides and isolates, a lone surrogate or U+FFFF, then each is written as \\uXXXX and newlines, tabs and other text stay', () => {
    // Arrange
    const text = 'a\u001b]52;c;eA==\u0007b\rc\u007fd\u009be\u202ef\u2066g\ud800h\uffff\ti\nj😀é'

    // Act
    const escaped = escapeControls(text)

    // Assert
    expect(escaped).toBe(
      'a\\u001b]52;c;eA==\\u0007b\\u000dc\\u007fd\\u009be\\u202ef\\u2066g\\ud800h\\uffff\ti\nj😀é',
    )
  })

  test('When text is escaped twice, then the second time changes nothing', () => {
    // Act
    const once = escapeControls('\u001b[2K\\u001b')

    // Assert
    expect(escapeControls(once)).toBe(once)
  })
})

describe('Redaction', () => {
  const safe = createSafeText([
    { value: 'tok/en+One=9f3e', label: 'token' },
    { value: 'p@ss w"rd&é/1', label: 'password' },
  ])

  test('When a secret comes back as it is, URL-encoded in either case, form-encoded or JSON-escaped, then each is replaced by its label', () => {
    // Arrange
    const token = 'tok/en+One=9f3e'
    const password = 'p@ss w"rd&é/1'
    const forms = [
      token,
      encodeURIComponent(token),
      encodeURIComponent(token).replace(/%[0-9A-F]{2}/g, (code) => code.toLowerCase()),
      JSON.stringify(token).slice(1, -1).replaceAll('/', '\\/'),
      password,
      new URLSearchParams({ password }).toString().slice('password='.length),
      JSON.stringify(password).slice(1, -1),
      '\\u0070@ss w\\"rd&\\u00e9/1',
    ]

    // Act
    const shown = forms.map(safe)

    // Assert
    expect(shown).toEqual([
      ...Array<string>(4).fill('<token>'),
      ...Array<string>(4).fill('<password>'),
    ])
  })

  test('When a secret is shorter than 4 characters, then it is left: it cannot be told from words', () => {
    // Act
    const shown = createSafeText([{ value: 't', label: 'token' }])('text/html')

    // Assert
    expect(shown).toBe('text/html')
  })
})

describe('Durations of --deadline (read by mock/process/command-line.ts)', () => {
  test('When a duration is said back, then it is in the unit a person would use', () => {
    // Act
    const said = [5_000, 600_000, 5_400_000, 1_500].map(formatDuration)

    // Assert
    expect(said).toEqual(['5 s', '10 min', '1.5 h', '1.5 s'])
  })
})
