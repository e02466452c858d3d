// axe-core, from node_modules, run in a page: the accessibility check of every page of the face.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
/** Where the browser tests write their screenshots (reports/ is not committed). */
export const SCREENSHOTS = 'reports/screenshots'

/** axe-core's serious and critical violations of the page, by rule id and the elements hit. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // evaluated through the debugging protocol: the page's CSP does not apply to it
  await page.evaluate(AXE)
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: () => Promise<AxeResults> } }).axe
    interface AxeResults {
      violations: { id: string; impact: string; nodes: { target: string[] }[] }[]
    }
    const results = await axe.run()
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
}
