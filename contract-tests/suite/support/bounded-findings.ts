// What one response's findings may print: each distinct finding once, at most ten, then how many
// more. A server that breaks a list's schema in every item would otherwise print thousands of lines.

export const MAX_FINDINGS = 10

/** Distinct findings, at most MAX_FINDINGS, then "… and N more". */
export function boundFindings(findings: readonly string[]): string[] {
  const distinct = [...new Set(findings)]
  if (distinct.length <= MAX_FINDINGS) return distinct
  const more = distinct.length - MAX_FINDINGS
  return [...distinct.slice(0, MAX_FINDINGS), `  - … and ${String(more)} more`]
}
