import { ImageViewer } from 'antd-mobile'
import { useState } from 'react'
import { MESSAGES } from '../../app/messages'

/** Thumbnails; tapping one shows the images full screen, starting at that one. */
export function ImageGallery({ images, label }: { images: readonly string[]; label: string }) {
  const [open, setOpen] = useState<number | null>(null)
  if (images.length === 0) return null
  return (
    <>
      <ul className="complaint-gallery" aria-label={label}>
        {images.map((url, index) => (
          <li key={`${index}-${url}`}>
            <button
              type="button"
              className="complaint-gallery__thumb"
              aria-label={MESSAGES.detail.viewImage(index + 1)}
              onClick={() => setOpen(index)}
            >
              <img src={url} alt="" />
            </button>
          </li>
        ))}
      </ul>
      <ImageViewer.Multi
        images={[...images]}
        visible={open !== null}
        defaultIndex={open ?? 0}
        onClose={() => setOpen(null)}
        classNames={{ body: 'complaint-viewer' }}
      />
    </>
  )
}
