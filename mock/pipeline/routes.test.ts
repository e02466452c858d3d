import { describe, expect, test } from '@jest/globals'
import { toTemplate } from '../../openapi/path-templates.ts'
import { findRoute, type Route } from './routes.ts'

const route: Route = { operations: new Map(), allow: 'OPTIONS' }
const routes = [toTemplate('/api/v1/orgs/{org_id}/contacts', route)]

describe('findRoute', () => {
  test('When a path id holds a broken escape, then it is a 400 naming it, as Express answered', () => {
    // Act
    const finding = () => findRoute(routes, '/api/v1/orgs/%E0%A4%A/contacts')

    // Assert
    expect(finding).toThrow(
      expect.objectContaining({
        status: 400,
        message: "The request could not be read: Failed to decode param '%E0%A4%A'",
      }),
    )
  })

  test('When a path id decodes, then the route and its parameters are found', () => {
    // Act
    const found = findRoute(routes, '/api/v1/orgs/a%20b/contacts')

    // Assert
    expect(found).toEqual({ value: route, params: { org_id: 'a b' } })
  })
})
