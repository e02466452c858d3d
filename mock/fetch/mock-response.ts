// A Response whose body is the core's text, read without a stream. Node's Response turns a string
// body into a ReadableStream at once and reads it back through it, and checks each header as it
// makes its Headers: 20 µs of a fetch the core answers in 5. This one is a Response (`instanceof`,
// its status the platform's), made with no body; its body methods give the text, `body` makes a
// stream only if asked (the body used once the stream is read), and its Headers are made when
// first read.

const encoder = new TextEncoder()

interface BodyState {
  text: string | null
  url: string
  used: boolean
  /** The answer's headers as the core wrote them, until `headers` is first read. */
  fields: Record<string, string> | (() => Record<string, string>)
  headers: Headers | undefined
  stream?: ReadableStream<Uint8Array>
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
  headers: {
    get(this: MockResponse) {
      const state = this[STATE]
      const { fields } = state
      state.headers ??= new Headers(typeof fields === 'function' ? fields() : fields)
      return state.headers
    },
  },
  bodyUsed: {
    get(this: MockResponse) {
      return this[STATE].used
    },
  },
  body: {
    get(this: MockResponse) {
      const state = this[STATE]
      if (state.text === null) return null
      // one stream, the body used only once it is read: looking (console.log) uses nothing
      state.stream ??= new ReadableStream<Uint8Array>(
        {
          pull: (controller) => {
            const text = take(this)
            if (text === undefined) {
              controller.error(used())
              return
            }
            controller.enqueue(encoder.encode(text))
            controller.close()
          },
        },
        { highWaterMark: 0 },
      )
      return state.stream
    },
  },
  clone: {
    value(this: MockResponse) {
      const { text, url, used: isUsed } = this[STATE]
      if (isUsed) throw used()
      const { status, statusText } = this
      const fields = Object.fromEntries(this.headers)
      return createMockResponse(text, { status, statusText }, fields, url)
    },
  },
})

// The body's readers: each takes the text once (read's second call rejects, as fetch's does).
const READERS: Record<string, (text: string, response: MockResponse) => unknown> = {
  text: (text) => text,
  json: (text): unknown => JSON.parse(text),
  arrayBuffer: (text) => encoder.encode(text).buffer,
  bytes: (text) => encoder.encode(text),
  blob: (text, response) => new Blob([text], { type: response.headers.get('content-type') ?? '' }),
  // a form answer is none of the mock's: the platform parses it, as fetch would
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  formData: (text, response) => new Response(text, { headers: response.headers }).formData(),
}
for (const [name, reader] of Object.entries(READERS)) {
  Object.defineProperty(MockResponse.prototype, name, {
    value(this: MockResponse) {
      return read(this).then((text) => reader(text, this))
    },
  })
}

/** A Response of `text` (null: no body) answering `url`; `fields` made into Headers when read. */
export function createMockResponse(
  text: string | null,
  init: { status: number; statusText: string },
  fields: BodyState['fields'],
  url: string,
): Response {
  const response = new MockResponse(null, init)
  response[STATE] = { text, url, used: false, fields, headers: undefined }
  return response
}
