import { useState } from 'react'
import { ServerImage, ViewerDialog } from 'shared/ui'
import { MESSAGES } from '../../content/messages'
import { LazyImageViewer } from '../../components/lazy-overlays'

/** Thumbnails; tapping one shows the images full screen, starting at that one. */
export function ImageGallery({ images, label }: { images: readonly string[]; label: string }) {
  // Each opening mounts a new viewer: it reads its start image only when mounted.
  const [viewer, setViewer] = useState({ opening: 0, index: 0, visible: false })
  if (images.length === 0) return null
  const close = () => setViewer((previous) => ({ ...previous, visible: false }))
  return (
    <>
      <ul className="complaint-gallery" aria-label={label}>
        {images.map((url, index) => (
          <li key={`${index}-${url}`}>
            <button
              type="button"
              className="complaint-gallery__thumb"
              aria-label={MESSAGES.detail.viewImage(index + 1)}
              onClick={() =>
                setViewer((previous) => ({ opening: previous.opening + 1, index, visible: true }))
              }
            >
              <ServerImage className="complaint-gallery__image" src={url} />
            </button>
          </li>
        ))}
      </ul>
      <ViewerDialog
        visible={viewer.visible}
        label={label}
        closeLabel={MESSAGES.common.close}
        className="complaint-viewer-dialog"
        closeClassName="complaint-button"
        onClose={close}
      >
        {(container) => (
          <LazyImageViewer
            key={viewer.opening}
            images={[...images]}
            visible={viewer.visible}
            defaultIndex={viewer.index}
            onClose={close}
            classNames={{ body: 'complaint-viewer' }}
            getContainer={container}
          />
        )}
      </ViewerDialog>
    </>
  )
}
