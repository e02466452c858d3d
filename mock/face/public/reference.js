/* global document, window, localStorage, fetch, Scalar, MutationObserver */
// The reference page: both documents rendered by Scalar, "try it" aimed at this mock with the
// fixture identity chosen in the picker (kept in localStorage; a change re-renders the page).
const picker = document.getElementById('picker')
const identities = JSON.parse(picker.dataset.identities)
const tokenSelect = document.getElementById('token')
const orgSelect = document.getElementById('org')
const TOKEN_KEY = 'contacts-mock.token'
const ORG_KEY = 'contacts-mock.org'
const userOf = (token) => identities.users.find((u) => u.token === token)
tokenSelect.value = localStorage.getItem(TOKEN_KEY) ?? identities.users[0].token
orgSelect.value =
  localStorage.getItem(ORG_KEY) ?? (userOf(tokenSelect.value) ?? identities.users[0]).orgIds[0]

tokenSelect.addEventListener('change', () => {
  localStorage.setItem(TOKEN_KEY, tokenSelect.value)
  const chosen = userOf(tokenSelect.value)
  if (chosen && !chosen.orgIds.includes(orgSelect.value)) {
    localStorage.setItem(ORG_KEY, chosen.orgIds[0])
  }
  window.location.reload()
})
orgSelect.addEventListener('change', () => {
  localStorage.setItem(ORG_KEY, orgSelect.value)
  window.location.reload()
})

const readJson = async (url) => {
  const res = await fetch(url)
  if (!res.ok) throw new Error(`${url}: ${res.status}`)
  return res.json()
}

/**
 * The documents as this mock runs them, aimed at this mock, every org path parameter prefilled
 * (each path writes its own, with examples named for Specmatic's pairing, which the chosen org
 * replaces).
 */
function prepare(document) {
  document.servers = [{ url: window.location.origin, description: 'This mock' }]
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    // the Contacts API's org-scoped paths; not the admin API's /__admin/orgs/{org_id}, which deletes one
    if (!path.startsWith('/api/v1/orgs/')) continue
    for (const parameter of item.parameters ?? []) {
      if (parameter.in === 'path' && parameter.name === 'org_id') {
        parameter.example = orgSelect.value
        delete parameter.examples
      }
    }
  }
  return document
}

async function render() {
  const [api, admin] = await Promise.all([readJson('/openapi.json'), readJson('/admin.json')])
  document.getElementById('reference').replaceChildren()
  Scalar.createApiReference('#reference', {
    sources: [
      { title: 'Contacts API', slug: 'api', content: prepare(api), default: true },
      { title: 'Admin API', slug: 'admin', content: prepare(admin) },
    ],
    authentication: {
      preferredSecurityScheme: 'bearerAuth',
      securitySchemes: { bearerAuth: { token: tokenSelect.value } },
    },
    // offline: no web fonts, no telemetry, no AI agent, no proxy
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    showDeveloperTools: 'never',
    hideClientButton: true,
    // the schemas show within each operation; the models list nests buttons (axe: nested-interactive)
    hideModels: true,
    persistAuth: false,
    documentDownloadType: 'none',
    // every operation in the sidebar at once: the page is a map of the API
    defaultOpenAllTags: true,
    forceDarkModeState: 'light',
    hideDarkModeToggle: true,
  })
}

// Scalar 1.46 leaves a few ARIA mistakes that axe-core reports as serious (its greys are darkened
// in face.css); they are repaired here, on its output, until the renderer fixes them itself.
// [selector, attribute, value]: the attribute set to the value, or removed where there is none
const REPAIRS = [
  ['button[aria-selected]:not([role])', 'aria-selected'],
  ['button[role="search"]:not([aria-label])', 'aria-label', 'Search the reference'],
  ['button.show-more[aria-label]', 'aria-label'],
  ['ul.endpoints:not([tabindex])', 'tabindex', '0'],
  ['button.scalar-code-copy:not([aria-label])', 'aria-label', 'Copy'],
  ['.cm-content[role="textbox"]:not([aria-label])', 'aria-label', 'Example'],
]
function repairAccessibility(root) {
  for (const [selector, attribute, value] of REPAIRS) {
    for (const node of root.querySelectorAll(selector)) {
      if (value === undefined) node.removeAttribute(attribute)
      else node.setAttribute(attribute, value)
    }
  }
}
new MutationObserver(() => repairAccessibility(document.body)).observe(document.body, {
  subtree: true,
  childList: true,
  attributes: true,
  attributeFilter: ['aria-selected', 'role', 'aria-label'],
})

render().catch((error) => {
  document.getElementById('reference').textContent =
    `The reference could not be loaded: ${error.message}`
})
