// The browser build's generated module alone, for the tests of what it generates: bundled by
// scripts/build-browser.ts, which puts the generated module in built.ts's place.
export { BUILT } from '../../mock/fetch/bundle/built.ts'
