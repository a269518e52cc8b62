import { expect, test } from 'vitest'
import { UPLOAD_MAX_BYTES } from '../http/limits'
import {
  jpegName,
  KEEP_AS_IS_MAX_BYTES,
  prepareUpload,
  type ImageCodec,
  type PreparedUpload,
} from './prepare-upload'

const MB = 1024 * 1024

interface FakeCodecOptions {
  /** The picture as the decoder sees it (orientation applied), or a file it cannot decode. */
  decoded?: { width: number; height: number } | 'undecodable'
  /** Bytes of the JPEG the encoder makes at a quality, or 'fail'. */
  encoded?: (quality: number) => number | 'fail'
  supported?: boolean
}

/** The rules without pixels: jsdom has no canvas, the real codec is covered by e2e/tests/upload.spec.ts. */
function fakeCodec({
  decoded = { width: 4000, height: 3000 },
  encoded = () => 400_000,
  supported = true,
}: FakeCodecOptions = {}) {
  const seen = { decoded: 0, closed: 0, encodes: [] as { width: number; height: number; quality: number }[] }
  const codec: ImageCodec = {
    supported,
    async decode() {
      seen.decoded++
      if (decoded === 'undecodable') throw new DOMException('The source image could not be decoded.')
      return { ...decoded, close: () => void seen.closed++ }
    },
    async encode(_image, width, height, quality) {
      seen.encodes.push({ width, height, quality })
      const bytes = encoded(quality)
      if (bytes === 'fail') throw new Error('out of memory')
      return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' })
    },
  }
  return { codec, seen }
}

/** The picked file itself is what gets sent (File objects all compare equal with toEqual). */
function sentAsIs(result: PreparedUpload, file: File): boolean {
  return result.ok && result.file === file
}

function picked(bytes: number, type = 'image/jpeg', name = 'IMG_0001.JPG') {
  return new File([new Uint8Array(bytes)], name, { type })
}

test('a 6 MB 4000×3000 phone photo is scaled to 1600×1200 and sent as the JPEG made at quality 0.85', async () => {
  const { codec, seen } = fakeCodec({ encoded: () => 512_000 })
  const result = await prepareUpload(picked(6 * MB), codec)
  expect(seen.encodes).toEqual([{ width: 1600, height: 1200, quality: 0.85 }])
  if (!result.ok) throw new Error(`refused: ${result.reason}`)
  expect(result.file).toMatchObject({ name: 'IMG_0001.jpg', type: 'image/jpeg', size: 512_000 })
  expect(seen.closed).toBe(1)
})

test('the longest side decides: a portrait photo (as shown, EXIF applied) becomes 1200×1600', async () => {
  const { codec, seen } = fakeCodec({ decoded: { width: 3024, height: 4032 } })
  expect((await prepareUpload(picked(5 * MB), codec)).ok).toBe(true)
  expect(seen.encodes[0]).toMatchObject({ width: 1200, height: 1600 })
})

test('a very long screenshot keeps at least one pixel on its short side', async () => {
  const { codec, seen } = fakeCodec({ decoded: { width: 10, height: 40_000 } })
  await prepareUpload(picked(2 * MB, 'image/png', 'scroll.png'), codec)
  expect(seen.encodes[0]).toMatchObject({ width: 1, height: 1600 })
})

test('a small photo within the limits is sent as it is, not recompressed', async () => {
  const { codec, seen } = fakeCodec({ decoded: { width: 1200, height: 900 } })
  const file = picked(200_000)
  expect(sentAsIs(await prepareUpload(file, codec), file)).toBe(true)
  expect(seen.encodes).toEqual([])
  expect(seen.closed).toBe(1)
})

test('the keep-as-is limits are inclusive: 1600 px and 1 MiB exactly are kept', async () => {
  const { codec, seen } = fakeCodec({ decoded: { width: 1600, height: 1600 } })
  const file = picked(KEEP_AS_IS_MAX_BYTES, 'image/png', 'square.png')
  expect(sentAsIs(await prepareUpload(file, codec), file)).toBe(true)
  expect(seen.encodes).toEqual([])
})

test('a photo within 1600 px but heavier than 1 MiB is re-encoded at its own size when that is lighter', async () => {
  const { codec, seen } = fakeCodec({ decoded: { width: 1500, height: 1000 }, encoded: () => 300_000 })
  const result = await prepareUpload(picked(2.5 * MB, 'image/png', 'screen.png'), codec)
  expect(seen.encodes).toEqual([{ width: 1500, height: 1000, quality: 0.85 }])
  expect(result.ok && result.file).toMatchObject({ name: 'screen.jpg', type: 'image/jpeg', size: 300_000 })
})

test('a file that re-encoding would not make lighter is sent as it is', async () => {
  const { codec } = fakeCodec({ decoded: { width: 1500, height: 1000 }, encoded: () => 2 * MB })
  const file = picked(1.5 * MB)
  expect(sentAsIs(await prepareUpload(file, codec), file)).toBe(true)
})

test('a format not every browser shows (HEIC) is converted to JPEG even when small', async () => {
  const { codec, seen } = fakeCodec({ decoded: { width: 1200, height: 900 }, encoded: () => 150_000 })
  const result = await prepareUpload(picked(300_000, 'image/heic', 'IMG_0002.HEIC'), codec)
  expect(seen.encodes).toHaveLength(1)
  expect(result.ok && result.file).toMatchObject({ name: 'IMG_0002.jpg', type: 'image/jpeg' })
})

test('still over 3 MB at quality 0.85: tried once more at 0.7, which is sent when it fits', async () => {
  const { codec, seen } = fakeCodec({ encoded: (q) => (q > 0.8 ? UPLOAD_MAX_BYTES + 1 : UPLOAD_MAX_BYTES) })
  const result = await prepareUpload(picked(9 * MB), codec)
  expect(seen.encodes.map((e) => e.quality)).toEqual([0.85, 0.7])
  expect(result.ok && result.file.size).toBe(UPLOAD_MAX_BYTES)
})

test('a file over 3 MB is never sent as it is, even within 1600 px when re-encoding does not help', async () => {
  const { codec } = fakeCodec({ decoded: { width: 1600, height: 1200 }, encoded: () => 5 * MB })
  expect(await prepareUpload(picked(4 * MB, 'image/png', 'raw.png'), codec)).toEqual({
    ok: false,
    reason: 'too-large',
  })
})

test('still over 3 MB after resizing is refused as too large', async () => {
  const { codec, seen } = fakeCodec({ encoded: () => UPLOAD_MAX_BYTES + 1 })
  expect(await prepareUpload(picked(20 * MB), codec)).toEqual({ ok: false, reason: 'too-large' })
  expect(seen.closed).toBe(1)
})

test('a file that is not an image is refused without decoding it', async () => {
  const { codec, seen } = fakeCodec()
  const result = await prepareUpload(picked(1000, 'application/pdf', 'statement.pdf'), codec)
  expect(result).toEqual({ ok: false, reason: 'not-image' })
  expect(seen.decoded).toBe(0)
})

test('an image the browser cannot decode is refused as unreadable', async () => {
  const { codec, seen } = fakeCodec({ decoded: 'undecodable' })
  expect(await prepareUpload(picked(3000, 'image/heic'), codec)).toEqual({ ok: false, reason: 'unreadable' })
  expect(seen.encodes).toEqual([])
})

test('a file without a type is a picture when it decodes, otherwise not an image', async () => {
  const undecodable = fakeCodec({ decoded: 'undecodable' })
  expect(await prepareUpload(picked(3000, '', 'notes'), undecodable.codec)).toEqual({
    ok: false,
    reason: 'not-image',
  })
  const photo = fakeCodec({ decoded: { width: 800, height: 600 }, encoded: () => 90_000 })
  const result = await prepareUpload(picked(100_000, '', 'camera'), photo.codec)
  expect(result.ok && result.file).toMatchObject({ name: 'camera.jpg', type: 'image/jpeg' })
})

test('when encoding fails a file that could be sent as it is is sent, any other is refused', async () => {
  const failing = { encoded: () => 'fail' as const }
  const small = picked(1.5 * MB, 'image/png', 'a.png')
  const within = fakeCodec({ ...failing, decoded: { width: 1000, height: 800 } })
  expect(sentAsIs(await prepareUpload(small, within.codec), small)).toBe(true)
  const big = fakeCodec(failing)
  expect(await prepareUpload(picked(6 * MB), big.codec)).toEqual({ ok: false, reason: 'unreadable' })
  expect(big.seen.closed).toBe(1)
})

test('where the browser cannot decode pictures, a file within 3 MB is sent as it is and a larger one refused', async () => {
  const { codec, seen } = fakeCodec({ supported: false })
  const file = picked(UPLOAD_MAX_BYTES)
  expect(sentAsIs(await prepareUpload(file, codec), file)).toBe(true)
  expect(await prepareUpload(picked(UPLOAD_MAX_BYTES + 1), codec)).toEqual({ ok: false, reason: 'too-large' })
  expect(seen.decoded).toBe(0)
})

test('the sent JPEG keeps the picked name with a .jpg extension', () => {
  expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg')
  expect(jpegName('holiday.photo.png')).toBe('holiday.photo.jpg')
  expect(jpegName('camera')).toBe('camera.jpg')
  expect(jpegName('.png')).toBe('photo.jpg')
  expect(jpegName('')).toBe('photo.jpg')
})
