// jsdom's window, typed as far as the tests use it: @types/jsdom would bring the DOM's own types
// into the whole program (`/// <reference lib="dom" />`), where Node's are the ones in use.
import { createRequire } from 'node:module'

export interface JsdomWindow {
  /** jsdom's Headers: of another realm, `instanceof Headers` is false. */
  Headers: new (init?: [string, string][]) => Iterable<[string, string]>
  URL: new (url: string) => { readonly href: string }
  close: () => void
}

const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: JsdomWindow }
}

/** A blank page's window (jsdom 26, as jest-environment-jsdom 30 runs; it has no Request). */
export function openJsdomWindow(): JsdomWindow {
  return new JSDOM('').window
}
