import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { http, HttpResponse } from 'msw'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { REQUEST_BODY_MAX_BYTES } from '../src/http/limits'
import { handleApi, TOO_LARGE_ENVELOPE } from './demo-api'

let server: Server
let port: number

beforeAll(async () => {
  const handlers = [
    http.post('*/utilities/echo-size', async ({ request }) =>
      HttpResponse.json({ code: '00', message: 'success', data: (await request.arrayBuffer()).byteLength }),
    ),
    http.get('*/api/dropped', () => HttpResponse.error()),
  ]
  server = createServer((req, res) => void handleApi(req, res, `http://${req.headers.host}`, handlers))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

/** POSTs `size` bytes, with a Content-Length or chunked; resolves with the status and the parsed answer. */
function post(size: number, chunked: boolean): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/utilities/echo-size',
        headers: chunked ? {} : { 'Content-Length': String(size) },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }))
      },
    )
    req.on('error', reject)
    req.end(Buffer.alloc(size, 1))
  })
}

test('the demo API takes a body up to REQUEST_BODY_MAX_BYTES and answers a larger one 413 in its envelope', async () => {
  for (const chunked of [false, true]) {
    expect(await post(REQUEST_BODY_MAX_BYTES, chunked)).toEqual({
      status: 200,
      body: { code: '00', message: 'success', data: REQUEST_BODY_MAX_BYTES },
    })
    expect(await post(REQUEST_BODY_MAX_BYTES + 1, chunked)).toEqual({ status: 413, body: TOO_LARGE_ENVELOPE })
  }
  expect(TOO_LARGE_ENVELOPE.message).toBe('The file or request is too large: files may be up to 3 MB.')
})

test('a handler answering HttpResponse.error() drops the connection, as a network failure', async () => {
  const failure = await new Promise<string>((resolve) => {
    const req = request({ port, host: '127.0.0.1', path: '/api/dropped' }, (res) =>
      resolve(`answered ${res.statusCode ?? 0}`),
    )
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    req.end()
  })
  expect(failure).toBe('ECONNRESET')
})
