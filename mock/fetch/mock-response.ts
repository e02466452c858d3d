// A Response whose body is the core's text, read without a stream. Node's Response turns a string
// body into a ReadableStream at once and reads it back through it: 20 µs of a fetch the core
// answers in 5. This one is a Response (`instanceof`, its headers and status are the platform's),
// made with no body; its body methods give the text, and `body` makes a stream only if asked.

const encoder = new TextEncoder()

interface BodyState {
  text: string | null
  url: string
  used: boolean
}

const STATE = Symbol('mock response body')

class MockResponse extends Response {
  declare [STATE]: BodyState
}

const used = (): TypeError => new TypeError('Body is unusable: Body has already been read')

/** The text, once: a second read fails as fetch's does. */
function take(response: MockResponse): string | undefined {
  const state = response[STATE]
  if (state.used) return undefined
  state.used = true
  return state.text ?? ''
}

function read(response: MockResponse): Promise<string> {
  const text = take(response)
  return text === undefined ? Promise.reject(used()) : Promise.resolve(text)
}

// Response declares its members as properties; they are the prototype's accessors and methods.
Object.defineProperties(MockResponse.prototype, {
  // what fetch's own answers say: the URL asked for, a same-origin ('basic') answer
  url: {
    get(this: MockResponse) {
      return this[STATE].url
    },
  },
  type: { get: () => 'basic' },
  bodyUsed: {
    get(this: MockResponse) {
      return this[STATE].used
    },
  },
  body: {
    get(this: MockResponse) {
      const text = this[STATE].text === null ? undefined : take(this)
      if (text === undefined) return null
      return new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(text))
          controller.close()
        },
      })
    },
  },
  text: {
    value(this: MockResponse) {
      return read(this)
    },
  },
  json: {
    value(this: MockResponse) {
      return read(this).then((text) => JSON.parse(text) as unknown)
    },
  },
  arrayBuffer: {
    value(this: MockResponse) {
      return read(this).then((text) => encoder.encode(text).buffer)
    },
  },
  bytes: {
    value(this: MockResponse) {
      return read(this).then((text) => encoder.encode(text))
    },
  },
  blob: {
    value(this: MockResponse) {
      const type = this.headers.get('content-type') ?? ''
      return read(this).then((text) => new Blob([text], { type }))
    },
  },
  formData: {
    value(this: MockResponse) {
      // a form answer is none of the mock's: the platform parses it, as fetch would
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      return read(this).then((text) => new Response(text, { headers: this.headers }).formData())
    },
  },
  clone: {
    value(this: MockResponse) {
      const { text, url, used: isUsed } = this[STATE]
      if (isUsed) throw used()
      const { status, statusText, headers } = this
      return createMockResponse(text, { status, statusText, headers }, url)
    },
  },
})

/** A Response of `text` (null: no body), answering `url`. */
export function createMockResponse(text: string | null, init: ResponseInit, url: string): Response {
  const response = new MockResponse(null, init)
  response[STATE] = { text, url, used: false }
  return response
}
