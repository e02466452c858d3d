// The links of a Markdown page as a reader follows them: docs.test.ts checks them in the
// repository, package.test.ts in the installed package.
import { posix } from 'node:path'

/** Markdown without its fenced blocks and code spans, where a `[x](y)` is no link. */
export function stripCode(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, 'code')
}

/** The targets of a page's links and images, as written (`docs/mock.md#flags`). */
export function findLinks(markdown: string): string[] {
  return [...stripCode(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map(
    (match) => match[1] ?? '',
  )
}

/**
 * The links of the pages among `files` (paths relative to one folder, `/`-separated) that reach
 * neither a file nor a folder of `files`, as `page → target`; URLs and same-page anchors are
 * not followed, nor is a heading checked (docs.test.ts does that in the repository).
 */
export function findLinksOutside(files: string[], read: (file: string) => string): string[] {
  const present = new Set(files)
  const reaches = (path: string): boolean =>
    present.has(path) || files.some((file) => file.startsWith(`${path}/`))
  return files
    .filter((file) => file.endsWith('.md'))
    .flatMap((page) =>
      findLinks(read(page))
        .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
        .filter((target) => {
          const path = decodeURIComponent(target.split('#')[0] ?? '')
          const joined = posix.normalize(posix.join(posix.dirname(page), path)).replace(/\/$/, '')
          return joined.startsWith('..') || !reaches(joined)
        })
        .map((target) => `${page} → ${target}`),
    )
}
