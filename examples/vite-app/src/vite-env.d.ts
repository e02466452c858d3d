// What Vite writes into import.meta.env for this page: VITE_MOCK=true puts the mock in a build.
interface ImportMetaEnv {
  readonly VITE_MOCK?: string
}
