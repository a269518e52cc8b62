import { expect, test, type Page } from '@playwright/test'
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_SIDE_PX } from 'shared/http/limits'

const FORM = '/complainPageNext?problemType=2&problemSonType=&orderNo=LN20241105001'
const UPLOAD_PATH = '/user-problem/upload-problem-img'
const MB = 1024 * 1024

/**
 * A JPEG drawn in the page: a gradient with fine noise, encoded at quality 1 (4000×3000 weighs about 6.9 MB,
 * as a phone camera's photo does).
 */
async function drawJpeg(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height }) => {
      const canvas = new OffscreenCanvas(width, height)
      const context = canvas.getContext('2d')!
      const pixels = context.createImageData(width, height)
      let seed = 1
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          seed = (seed * 1103515245 + 12345) >>> 0
          const noise = ((seed >>> 16) & 0xff) * (6 / 255)
          const i = (y * width + x) * 4
          pixels.data.set([(x * 255) / width + noise, (y * 255) / height + noise, 128 + noise, 255], i)
        }
      }
      context.putImageData(pixels, 0, 0)
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 1 })
      const bytes = new Uint8Array(await blob.arrayBuffer())
      let binary = ''
      for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
      }
      return btoa(binary)
    },
    { width, height },
  )
  return Buffer.from(base64, 'base64')
}

/** The JPEG with an EXIF segment saying "rotate 90° clockwise to show" (orientation 6), as phones write it. */
function withExifOrientation6(jpeg: Buffer): Buffer {
  const tiff = Buffer.from([
    ...[0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08], // big-endian TIFF header, IFD0 at offset 8
    ...[0x00, 0x01], // one entry
    ...[0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00], // Orientation (SHORT) = 6
    ...[0x00, 0x00, 0x00, 0x00], // no next IFD
  ])
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff])
  const header = Buffer.from([0xff, 0xe1, 0, 0])
  header.writeUInt16BE(payload.length + 2, 2)
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)])
}

/** Width and height from a JPEG's frame header. */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  expect(jpeg.readUInt16BE(0)).toBe(0xffd8)
  let at = 2
  while (at + 9 < jpeg.length) {
    const marker = jpeg[at + 1]
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)
    if (isFrame) return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) }
    at += 2 + jpeg.readUInt16BE(at + 2)
  }
  throw new Error('No JPEG frame header')
}

async function openForm(page: Page) {
  await page.goto(FORM)
  await expect(page.getByText('Repayment problem')).toBeVisible()
}

test('a 6 MB phone photo is resized in the browser: at most 3 MB and 1600 px arrive, upright, and show', async ({
  page,
}) => {
  // Drawing, handing over and decoding 12 megapixels takes seconds on a busy CI machine.
  test.setTimeout(60_000)
  await openForm(page)
  const photo = withExifOrientation6(await drawJpeg(page, 4000, 3000))
  expect(photo.length).toBeGreaterThan(5 * MB)
  expect(jpegSize(photo)).toEqual({ width: 4000, height: 3000 })

  await page.getByLabel('Problem description').fill('They call me ten times a day.')
  const sent = page.waitForRequest((request) => request.url().includes(UPLOAD_PATH))
  await page
    .getByLabel('Add image')
    .setInputFiles({ name: 'IMG_0001.JPG', mimeType: 'image/jpeg', buffer: photo })
  const thumbnail = page.getByRole('img', { name: 'Evidence image 1' })
  await expect(thumbnail).toBeVisible()
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)

  // The body's size as sent (CDP does not report the size of a body made of a Blob).
  const requestBody = Number((await (await sent).allHeaders())['content-length'])
  expect(requestBody).toBeLessThanOrEqual(UPLOAD_MAX_BYTES)

  // What the demo server stored is what the browser sent: a portrait JPEG (EXIF orientation applied).
  const stored = await page.request.get((await thumbnail.getAttribute('src'))!)
  expect(stored.headers()['content-type']).toBe('image/jpeg')
  const uploaded = await stored.body()
  expect(uploaded.length).toBeLessThanOrEqual(UPLOAD_MAX_BYTES)
  expect(jpegSize(uploaded)).toEqual({ width: 1200, height: UPLOAD_MAX_SIDE_PX })
  expect(requestBody).toBeGreaterThan(uploaded.length)
  test.info().annotations.push({
    type: 'sizes',
    description: `picked ${photo.length} bytes (4000×3000), uploaded ${uploaded.length} bytes (1200×1600), request body ${requestBody} bytes`,
  })
  await expect(page.getByLabel('Problem description')).toHaveValue('They call me ten times a day.')
})

test('a small photo within the limits is uploaded unchanged', async ({ page }) => {
  await openForm(page)
  const photo = await drawJpeg(page, 800, 600)
  expect(photo.length).toBeLessThan(MB)
  await page
    .getByLabel('Add image')
    .setInputFiles({ name: 'chat.jpg', mimeType: 'image/jpeg', buffer: photo })
  const thumbnail = page.getByRole('img', { name: 'Evidence image 1' })
  await expect(thumbnail).toBeVisible()
  const stored = await page.request.get((await thumbnail.getAttribute('src'))!)
  expect((await stored.body()).equals(photo)).toBe(true)
})

test('a file that is not an image is refused with the reason, and nothing typed is lost', async ({
  page,
}) => {
  const uploads: string[] = []
  page.on('request', (request) => {
    if (request.url().includes(UPLOAD_PATH)) uploads.push(request.url())
  })
  await openForm(page)
  await page.getByLabel('Problem description').fill('See the statement attached.')
  await page.getByLabel('Add image').setInputFiles({
    name: 'statement.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%…\n'),
  })
  await expect(
    page.getByText('Only image files can be uploaded. Please choose a photo or screenshot.'),
  ).toBeVisible()
  await expect(page.getByLabel('Add image')).toBeEnabled()
  await expect(page.getByLabel('Problem description')).toHaveValue('See the statement attached.')
  expect(uploads).toEqual([])
})
