import { afterEach, expect, test, vi } from 'vitest'
import { browserImageCodec } from './browser-codec'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const bitmap = { width: 4000, height: 3000, close: () => undefined } as ImageBitmap

/** A 2D context that records what is painted, in order. */
function recordingContext() {
  const painted: unknown[] = []
  const context = {
    set fillStyle(value: string) {
      painted.push(['fillStyle', value])
    },
    fillRect: (...args: number[]) => painted.push(['fillRect', ...args]),
    set imageSmoothingEnabled(value: boolean) {
      painted.push(['imageSmoothingEnabled', value])
    },
    set imageSmoothingQuality(value: string) {
      painted.push(['imageSmoothingQuality', value])
    },
    drawImage: (image: unknown, ...args: number[]) => painted.push(['drawImage', image, ...args]),
  }
  return { context, painted }
}

const WHITE_THEN_SCALED = [
  ['fillStyle', '#ffffff'],
  ['fillRect', 0, 0, 1600, 1200],
  ['imageSmoothingEnabled', true],
  ['imageSmoothingQuality', 'high'],
  ['drawImage', bitmap, 0, 0, 1600, 1200],
]

test('decodes with the EXIF orientation applied', async () => {
  const decode = vi.fn(async () => bitmap)
  vi.stubGlobal('createImageBitmap', decode)
  const file = new Blob(['jpeg'], { type: 'image/jpeg' })
  expect(browserImageCodec.supported).toBe(true)
  expect(await browserImageCodec.decode(file)).toBe(bitmap)
  expect(decode).toHaveBeenCalledWith(file, { imageOrientation: 'from-image' })
})

test("a browser that refuses the 'from-image' option decodes without it; an undecodable file still rejects", async () => {
  const decode = vi.fn(async (_file: Blob, options?: ImageBitmapOptions) => {
    if (options) throw new TypeError("The provided value 'from-image' is not a valid enum value")
    return bitmap
  })
  vi.stubGlobal('createImageBitmap', decode)
  expect(await browserImageCodec.decode(new Blob(['jpeg']))).toBe(bitmap)
  expect(decode).toHaveBeenCalledTimes(2)

  vi.stubGlobal('createImageBitmap', async () => {
    throw new DOMException('The source image could not be decoded.', 'InvalidStateError')
  })
  await expect(browserImageCodec.decode(new Blob(['text']))).rejects.toThrow('could not be decoded')
})

test('without createImageBitmap the codec says it cannot decode', () => {
  vi.stubGlobal('createImageBitmap', undefined)
  expect(browserImageCodec.supported).toBe(false)
})

test('encodes on an OffscreenCanvas: white background, smooth scaling, JPEG at the quality asked', async () => {
  const { context, painted } = recordingContext()
  const canvases: { width: number; height: number; options?: ImageEncodeOptions }[] = []
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      record: (typeof canvases)[number]
      constructor(width: number, height: number) {
        this.record = { width, height }
        canvases.push(this.record)
      }
      getContext(kind: string) {
        return kind === '2d' ? context : null
      }
      async convertToBlob(options: ImageEncodeOptions) {
        this.record.options = options
        return new Blob(['jpeg'], { type: options.type })
      }
    },
  )
  const blob = await browserImageCodec.encode(bitmap, 1600, 1200, 0.85)
  expect(blob.type).toBe('image/jpeg')
  expect(canvases).toEqual([{ width: 1600, height: 1200, options: { type: 'image/jpeg', quality: 0.85 } }])
  expect(painted).toEqual(WHITE_THEN_SCALED)
})

test('without OffscreenCanvas (Safari before 16.4) it encodes on a canvas element', async () => {
  vi.stubGlobal('OffscreenCanvas', undefined)
  const { context, painted } = recordingContext()
  const sizes: number[][] = []
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    sizes.push([this.width, this.height])
    return context as unknown as CanvasRenderingContext2D
  })
  const toBlob = vi
    .spyOn(HTMLCanvasElement.prototype, 'toBlob')
    .mockImplementation((done, type) => done(new Blob(['jpeg'], { type })))
  const blob = await browserImageCodec.encode(bitmap, 1600, 1200, 0.7)
  expect(blob.type).toBe('image/jpeg')
  expect(sizes).toEqual([[1600, 1200]])
  expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.7)
  expect(painted).toEqual(WHITE_THEN_SCALED)

  toBlob.mockImplementation((done) => done(null))
  await expect(browserImageCodec.encode(bitmap, 1600, 1200, 0.7)).rejects.toThrow('could not be encoded')
})
