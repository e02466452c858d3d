/* global document */
// What the pages' scripts build their elements with.

// a <pre> that scrolls takes the focus, so that a keyboard can scroll it (axe: scrollable-region-focusable)
export const SCROLLS = { tabindex: '0' }

export const element = (name, attributes = {}, ...children) => {
  const node = document.createElement(name)
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value)
  node.append(...children)
  return node
}

/** A table row: a cell (`cell` a `td` or a `th`) for each of `children`. */
export const row = (children, cell = 'td', attributes = {}) =>
  element('tr', {}, ...children.map((child) => element(cell, attributes, child)))
