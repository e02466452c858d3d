// The README is the front page and docs/ holds the guides: the README stays short and reaches every
// guide, every guide leads back, and no link points at a file or a heading that is not there.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from '@jest/globals'
import { findLinks } from './markdown-links.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const README = join(ROOT, 'README.md')
const DOCS = join(ROOT, 'docs')
const MAX_README_LINES = 250
// folders whose README is generated, installed or ignored, never written for a reader
const NOT_READ = new Set(['node_modules', 'dist', 'reports', 'data', 'coverage'])

const guides = readdirSync(DOCS)
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => join(DOCS, name))
const folderReadmes = readdirSync(ROOT, { withFileTypes: true })
  .filter(
    (entry) => entry.isDirectory() && !entry.name.startsWith('.') && !NOT_READ.has(entry.name),
  )
  .map((entry) => join(ROOT, entry.name, 'README.md'))
  .filter((path) => existsSync(path))
const pages = [README, ...guides, ...folderReadmes]

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slugHeading(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')
}

/** The anchors of a page's headings; a repeated heading gets -1, -2, ... as on GitHub. */
function collectAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const withoutFences = markdown.replace(/^```[\s\S]*?^```/gm, '')
  for (const [, heading = ''] of withoutFences.matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const slug = slugHeading(heading)
    let anchor = slug
    for (let n = 1; anchors.has(anchor); n += 1) anchor = `${slug}-${String(n)}`
    anchors.add(anchor)
  }
  return anchors
}

/** The links of a page that reach no file, or no heading of the file they name. */
function findBrokenLinks(page: string): string[] {
  const markdown = readFileSync(page, 'utf8')
  return findLinks(markdown)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .filter((target) => {
      const [path = '', anchor] = target.split('#')
      const file = path === '' ? page : resolve(dirname(page), decodeURIComponent(path))
      if (!existsSync(file)) return true
      if (anchor === undefined || !file.endsWith('.md')) return false
      return !collectAnchors(readFileSync(file, 'utf8')).has(anchor)
    })
}

const shown = (path: string): string => relative(ROOT, path)

describe('the README and the guides', () => {
  test(`When the README is read, then it has at most ${String(MAX_README_LINES)} lines`, () => {
    // Act
    const lines = readFileSync(README, 'utf8').trimEnd().split('\n').length

    // Assert
    expect(lines).toBeLessThanOrEqual(MAX_README_LINES)
  })

  test.each(guides.map(shown))('When the README is read, then it links %s', (guide) => {
    // Act
    const targets = findLinks(readFileSync(README, 'utf8')).map((target) => target.split('#')[0])

    // Assert
    expect(targets).toContain(guide)
  })

  test.each(guides.map(shown))(
    'When %s is read, then its opening paragraph links back to the README',
    (guide) => {
      // Arrange
      const opening = readFileSync(join(ROOT, guide), 'utf8').split('\n\n').slice(0, 2).join('\n')

      // Act
      const targets = findLinks(opening)

      // Assert
      expect(targets).toContain('../README.md')
    },
  )

  test.each(pages.map(shown))(
    'When the links of %s are followed, then each reaches a file and heading that exist',
    (page) => {
      // Act
      const broken = findBrokenLinks(join(ROOT, page))

      // Assert
      expect(broken).toEqual([])
    },
  )

  test('When a page links a missing file or heading, then exactly those links are reported', () => {
    // Arrange
    const dir = mkdtempSync(join(tmpdir(), 'docs-links-'))
    writeFileSync(
      join(dir, 'guide.md'),
      '# A guide\n\n## The `--port` flag\n\n## Notes\n\n## Notes\n',
    )
    const page = join(dir, 'page.md')
    const links = [
      '[ok](guide.md) [ok](guide.md#the---port-flag) [ok](guide.md#notes-1) [ok](#here)',
      '[gone](missing.md) [gone](guide.md#no-such-heading) ![gone](shots/none.png)',
      '`[not a link](nowhere.md)`',
      '```md\n[not a link](nowhere.md)\n```',
    ]
    writeFileSync(page, `# Here\n\n${links.join('\n\n')}\n`)

    // Act
    const broken = findBrokenLinks(page)
    rmSync(dir, { recursive: true })

    // Assert
    expect(broken).toEqual(['missing.md', 'guide.md#no-such-heading', 'shots/none.png'])
  })

  test('When the README is read, then the typed client example follows the package test marker', () => {
    // Arrange
    const packageTest = readFileSync(join(ROOT, 'scripts', 'package.test.ts'), 'utf8')
    const marker = /'(<!-- .+? -->)'/.exec(packageTest)?.[1] ?? 'no marker in package.test.ts'

    // Act
    const after = readFileSync(README, 'utf8').split(marker)[1] ?? ''

    // Assert
    expect(after).toMatch(/^\s*```ts\n[\s\S]*?createClient<paths>[\s\S]*?```/)
  })
})
