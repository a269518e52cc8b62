import { connect } from 'node:net'
import { expect, test } from '@playwright/test'
import { TOO_LARGE_ENVELOPE } from '../../shared/config/demo-api'

const UPLOAD = '/utilities/user-problem/upload-problem-img'
// The largest photo the client sends (UPLOAD_MAX_BYTES in shared/http/limits; deploy's unit tests check that
// nginx and the demo API take it with its multipart envelope).
const LARGEST_PHOTO = 3 * 1024 * 1024

/** Posts a `bytes`-long image from the page, as the complaint form's uploader does; the answer as it reads it. */
async function upload({ url, bytes }: { url: string; bytes: number }) {
  const form = new FormData()
  form.append('problemImage', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg')
  const response = await fetch(url, { method: 'POST', body: form })
  return { status: response.status, body: (await response.json()) as unknown }
}

test('an upload at the limit reaches the API; a larger one gets a 413 envelope the page can read', async ({
  page,
}) => {
  await page.goto('/testPreview')
  const atLimit = await page.evaluate(upload, { url: UPLOAD, bytes: LARGEST_PHOTO })
  expect(atLimit).toMatchObject({ status: 200, body: { code: '00', data: { url: expect.any(String) } } })
  const tooLarge = await page.evaluate(upload, { url: UPLOAD, bytes: 10 * 1024 * 1024 })
  expect(tooLarge).toEqual({ status: 413, body: TOO_LARGE_ENVELOPE })
})

/** Sends `text` on a raw connection to the server under test; resolves with the status line's code. */
function rawStatus(baseURL: string, text: string): Promise<number> {
  const { hostname, port } = new URL(baseURL)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text))
    let answer = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      answer += chunk
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)
      if (status) {
        socket.destroy()
        resolve(Number(status[1]))
      }
    })
    socket.on('error', reject)
    socket.setTimeout(5000, () => reject(new Error('no answer')))
  })
}

test('malformed requests get a 4xx and the server keeps serving', async ({ request, baseURL }) => {
  for (const text of [
    // nginx passes such a Host on to the API (and serves its own files regardless).
    'GET /utilities/x HTTP/1.1\r\nHost: [::\r\nConnection: close\r\n\r\n',
    `GET /${'a'.repeat(100_000)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    'GET /%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
  ]) {
    const status = await rawStatus(baseURL!, text)
    expect(status, text.slice(0, 30)).toBeGreaterThanOrEqual(400)
    expect(status, text.slice(0, 30)).toBeLessThan(500)
  }
  // Slashes only name nothing: both servers refuse them (a //route deep link is merged, deep-links.spec).
  expect(await rawStatus(baseURL!, 'GET // HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).toBe(
    400,
  )
  expect((await request.get('/aboutUs')).status()).toBe(200)
})
