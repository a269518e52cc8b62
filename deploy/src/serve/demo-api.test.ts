import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MALFORMED_FORM_MESSAGE, SLOW_API_MS, SLOW_SESSION_PREFIX, VISITOR_COOKIE } from 'shared/mocks'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createAppServer } from './server'
import { closeServer, listenLocally } from '../testing/local-server'

/*
 * The demo API as a public demo serves it (ADR 0027): each visitor's data apart, and a body the handlers
 * cannot read answered 400, through the real server.
 */

let work: string
let server: Server | null = null
let port = 0

beforeEach(async () => {
  work = mkdtempSync(join(tmpdir(), 'demo-api-'))
  server = createAppServer({ shellDir: work, cdnDir: work, registryFile: join(work, 'registry.json') })
  port = await listenLocally(server)
})

afterEach(async () => {
  await closeServer(server)
  server = null
  rmSync(work, { recursive: true, force: true })
})

/** Writes `head` and `body` as they are on a raw socket; resolves with the status and body it gets back. */
function rawPost(path: string, type: string, body: Buffer): Promise<{ status: number; body: string }> {
  const head =
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\n` +
    `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(Buffer.concat([Buffer.from(head), body])))
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (answer += chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1])
      resolve({ status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) })
    })
  })
}

const UPLOAD = '/utilities/user-problem/upload-problem-img?sessionId=raw'
const SAVE = '/utilities/user-problem/problem-save?sessionId=raw'
const PART = Buffer.from(
  '--XX\r\nContent-Disposition: form-data; name="problemImage"; filename="a.png"\r\n' +
    'Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n\r\n--XX--\r\n',
  'latin1',
)

test.each([
  ['another boundary than the one declared', 'multipart/form-data; boundary=YY', PART],
  ['a truncated body', 'multipart/form-data; boundary=XX', PART.subarray(0, 60)],
  ['no boundary', 'multipart/form-data', PART],
  ['a JSON body', 'multipart/form-data; boundary=XX', Buffer.from('{"problemImage":"a.png"}')],
  ['binary noise', 'multipart/form-data; boundary=XX', Buffer.from([0, 255, 13, 10, 45, 45, 88, 88, 0])],
])(
  'a multipart body with %s is a 400 in the envelope from the real server, never a 500',
  async (_, type, body) => {
    for (const path of [UPLOAD, SAVE]) {
      const answer = await rawPost(path, type, body)
      expect(answer.status, path).toBe(400)
      expect(JSON.parse(answer.body), path).toEqual({
        code: '400',
        message: MALFORMED_FORM_MESSAGE,
        data: null,
      })
    }
    // The same server still takes a well-formed upload.
    const good = await rawPost(UPLOAD, 'multipart/form-data; boundary=XX', PART)
    expect(good.status).toBe(200)
    expect(JSON.parse(good.body)).toMatchObject({ code: '00' })
  },
)

test('an upload without its file field is a 400 saying to choose an image', async () => {
  const body = Buffer.from('--XX\r\nContent-Disposition: form-data; name="other"\r\n\r\n1\r\n--XX--\r\n')
  const answer = await rawPost(UPLOAD, 'multipart/form-data; boundary=XX', body)
  expect(answer.status).toBe(400)
  expect(JSON.parse(answer.body)).toEqual({
    code: '400',
    message: 'Please choose an image to upload.',
    data: null,
  })
})

const api = (path: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${port}/utilities${path}`, init)

const save = (query: string, problemDetail: string, cookie?: string) =>
  api(`/user-problem/problem-save?${query}`, {
    method: 'POST',
    headers: cookie ? { cookie } : {},
    body: new URLSearchParams({ problemType: '2', problemDetail }),
  })

async function contents(query: string, cookie?: string): Promise<string[]> {
  const answer = await api(`/user-problem/problem-list?${query}`, {
    method: 'POST',
    headers: cookie ? { cookie } : {},
  })
  const { data } = (await answer.json()) as { data: { tabs: { items: { content: string }[] }[] } }
  return data.tabs[0].items.map((item) => item.content)
}

test("each session's complaints are its own over HTTP", async () => {
  const stamp = Date.now()
  expect((await save(`sessionId=a-${stamp}`, 'Saved by A')).status).toBe(200)
  expect(await contents(`sessionId=a-${stamp}`)).toContain('Saved by A')
  expect(await contents(`sessionId=b-${stamp}`)).not.toContain('Saved by A')
  expect(await contents(`deviceId=a-${stamp}`)).not.toContain('Saved by A')
})

test('a caller without a session gets a visitor cookie of its own, and its complaints stay with it', async () => {
  const first = await save('appVersion=1', 'Saved without a session')
  const setCookie = first.headers.get('set-cookie') ?? ''
  expect(setCookie).toMatch(new RegExp(`^${VISITOR_COOKIE}=[0-9a-f-]{36}; Path=/; HttpOnly; SameSite=Lax$`))
  const cookie = setCookie.split(';')[0]
  expect(await contents('appVersion=1', cookie)).toContain('Saved without a session')

  // Another browser without a session is another visitor.
  const other = await api('/user-problem/problem-list', { method: 'POST' })
  const otherCookie = (other.headers.get('set-cookie') ?? '').split(';')[0]
  expect(otherCookie).not.toBe(cookie)
  expect(await contents('', otherCookie)).not.toContain('Saved without a session')
  // A caller that has its cookie is not given another.
  const again = await api('/user-problem/problem-list', { method: 'POST', headers: { cookie } })
  expect(again.headers.get('set-cookie')).toBeNull()
})

test('a session whose id starts with slow-api waits 2 s on every call, then gets the answer any session gets', async () => {
  const detail = (sessionId: string) =>
    fetch(`http://127.0.0.1:${port}/utilities/v3/installment/loan-play-detail?sessionId=${sessionId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'productId=1&orderId=86',
    })
  const quick = Date.now()
  const plain = await (await detail('quick-1')).json()
  expect(Date.now() - quick).toBeLessThan(SLOW_API_MS / 2)
  const asked = Date.now()
  const stalled = await (await detail(`${SLOW_SESSION_PREFIX}-1`)).json()
  expect(Date.now() - asked).toBeGreaterThanOrEqual(SLOW_API_MS - 50)
  expect(stalled).toEqual(plain)
  expect(plain).toMatchObject({ code: '00' })
})
