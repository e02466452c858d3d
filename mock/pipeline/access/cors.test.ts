import { describe, expect, jest, test } from '@jest/globals'
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { allowCors, allowSimpleCors } from './cors.ts'

function exchange(method: string): { req: IncomingMessage; res: ServerResponse } {
  const req = new IncomingMessage(new Socket())
  req.method = method
  req.headers = { origin: 'http://localhost:5173' }
  return { req, res: new ServerResponse(req) }
}

describe('CORS on the API', () => {
  test.each(['GET', 'POST', 'DELETE'])(
    'When a %s that is not a preflight is answered, then the hot path sets what the cors package sets',
    (method: string) => {
      // Arrange
      const viaPackage = exchange(method)
      const direct = exchange(method)
      const next = jest.fn()

      // Act
      allowCors(viaPackage.req, viaPackage.res, next)
      allowSimpleCors(direct.res)

      // Assert
      expect(next).toHaveBeenCalledTimes(1)
      expect(direct.res.getHeaders()).toEqual(viaPackage.res.getHeaders())
      expect(direct.res.getHeader('access-control-allow-origin')).toBe('*')
    },
  )
})
