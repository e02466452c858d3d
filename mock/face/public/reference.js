/* global document, window, localStorage, fetch, Scalar, MutationObserver */
// The reference page: both documents rendered by Scalar, "try it" aimed at this mock with the
// fixture identity chosen in the picker (kept in localStorage; a change re-renders the page).
const picker = document.getElementById('picker')
const identities = JSON.parse(picker.dataset.identities)
const tokenSelect = document.getElementById('token')
const orgSelect = document.getElementById('org')
tokenSelect.value = localStorage.getItem('contacts-mock.token') ?? identities.users[0].token
const user = identities.users.find((u) => u.token === tokenSelect.value) ?? identities.users[0]
orgSelect.value = localStorage.getItem('contacts-mock.org') ?? user.orgIds[0]

for (const [select, key] of [
  [tokenSelect, 'contacts-mock.token'],
  [orgSelect, 'contacts-mock.org'],
]) {
  select.addEventListener('change', () => {
    localStorage.setItem(key, select.value)
    if (key === 'contacts-mock.token') {
      const chosen = identities.users.find((u) => u.token === select.value)
      if (chosen && !chosen.orgIds.includes(orgSelect.value)) {
        localStorage.setItem('contacts-mock.org', chosen.orgIds[0])
      }
    }
    window.location.reload()
  })
}

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
function repairAccessibility(root) {
  for (const button of root.querySelectorAll('button[aria-selected]:not([role])')) {
    button.removeAttribute('aria-selected')
  }
  for (const search of root.querySelectorAll('button[role="search"]:not([aria-label])')) {
    search.setAttribute('aria-label', 'Search the reference')
  }
  for (const more of root.querySelectorAll('button.show-more[aria-label]')) {
    more.removeAttribute('aria-label')
  }
  for (const list of root.querySelectorAll('ul.endpoints:not([tabindex])')) {
    list.setAttribute('tabindex', '0')
  }
  for (const copy of root.querySelectorAll('button.scalar-code-copy:not([aria-label])')) {
    copy.setAttribute('aria-label', 'Copy')
  }
  for (const editor of root.querySelectorAll('.cm-content[role="textbox"]:not([aria-label])')) {
    editor.setAttribute('aria-label', 'Example')
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
