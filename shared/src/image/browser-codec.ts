/** A decoded picture, sized as it is shown (EXIF orientation applied). */
export interface DecodedImage {
  readonly width: number
  readonly height: number
  /** Frees the decoded pixels. */
  close(): void
}

/** How pictures are decoded and encoded: the browser's canvas in the app, a fake in unit tests (jsdom has none). */
export interface ImageCodec {
  /** False where the browser cannot decode a picture in script (no createImageBitmap). */
  readonly supported: boolean
  /** Rejects when the file is not a picture this browser can decode. */
  decode(file: Blob): Promise<DecodedImage>
  /** `image` (from this codec's decode) drawn at width × height, as JPEG at `quality` (0–1). */
  encode(image: DecodedImage, width: number, height: number, quality: number): Promise<Blob>
}

type Drawing = Pick<
  CanvasRenderingContext2D,
  'fillStyle' | 'fillRect' | 'drawImage' | 'imageSmoothingEnabled' | 'imageSmoothingQuality'
>

function paint(context: Drawing, image: ImageBitmap, width: number, height: number): void {
  // JPEG has no transparency: a transparent screenshot's background would otherwise turn black.
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, width, height)
  context.imageSmoothingEnabled = true
  context.imageSmoothingQuality = 'high'
  context.drawImage(image, 0, 0, width, height)
}

async function encodeOffscreen(image: ImageBitmap, width: number, height: number, quality: number) {
  // eslint-disable-next-line compat/compat -- called only where OffscreenCanvas is a function (encode below)
  const canvas = new OffscreenCanvas(width, height)
  const context = canvas.getContext('2d')
  if (!context) throw new Error('No 2D context on an OffscreenCanvas')
  paint(context, image, width, height)
  return canvas.convertToBlob({ type: 'image/jpeg', quality })
}

function encodeInDocument(image: ImageBitmap, width: number, height: number, quality: number) {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')
  if (!context) return Promise.reject(new Error('No 2D context on a canvas'))
  paint(context, image, width, height)
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The canvas could not be encoded'))),
      'image/jpeg',
      quality,
    ),
  )
}

/** The browser's own decoder and canvas (OffscreenCanvas where there is one: Safari before 16.4 has none). */
export const browserImageCodec: ImageCodec = {
  get supported() {
    return typeof createImageBitmap === 'function'
  },
  async decode(file) {
    try {
      return await createImageBitmap(file, { imageOrientation: 'from-image' })
    } catch (error) {
      // Browsers from before 'from-image' refuse the option itself (a TypeError), not the file.
      if (error instanceof TypeError) return createImageBitmap(file)
      throw error
    }
  },
  encode(image: ImageBitmap, width, height, quality) {
    return typeof OffscreenCanvas === 'function'
      ? encodeOffscreen(image, width, height, quality)
      : encodeInDocument(image, width, height, quality)
  },
}
