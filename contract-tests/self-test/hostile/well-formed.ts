// Whether a JUnit report is well-formed XML, for the elements, attributes, entities and characters
// the report uses (no DTD, no CDATA, no comments): what a CI's parser needs to read it.

// Characters XML 1.0 allows.
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u
const TOKEN =
  /<\?xml[^>]*\?>|<\/([\w:.-]+)\s*>|<([\w:.-]+)(?:\s+[\w:.-]+="[^"<]*")*\s*(\/?)>|<|&(?:amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);|&/giu

/** What makes `xml` not well-formed; empty when it is. */
export function xmlProblems(xml: string): string[] {
  const problems: string[] = []
  const bad = NOT_XML.exec(xml)
  if (bad !== null) problems.push(`a character XML cannot carry at ${String(bad.index)}`)
  const open: string[] = []
  for (const match of xml.matchAll(TOKEN)) {
    const [token, closing, opening, selfClosing] = match
    if (token === '<' || token === '&') problems.push(`a bare ${token} at ${String(match.index)}`)
    else if (closing !== undefined && open.pop() !== closing)
      problems.push(`</${closing}> unmatched`)
    else if (opening !== undefined && selfClosing === '') open.push(opening)
  }
  if (open.length > 0) problems.push(`unclosed: ${open.join(', ')}`)
  return problems
}
