import DotLoading from 'antd-mobile/es/components/dot-loading'
import type { ChangeEvent } from 'react'
import { ServerImage } from 'shared/ui'
import { LIMITS, MESSAGES } from '../../content/messages'

const m = MESSAGES.form

interface EvidenceUploaderProps {
  images: readonly string[]
  /** An image is being added (prepared, then uploaded): one image at a time. */
  busy: boolean
  /** The picked photo is being resized before its upload. */
  preparing?: boolean
  disabled?: boolean
  onFile: (file: File) => void
  onRemove: (index: number) => void
}

/** Evidence thumbnails (removable before sending) and the add control, which is gone once there are 9. */
export function EvidenceUploader({
  images,
  busy,
  preparing = false,
  disabled,
  onFile,
  onRemove,
}: EvidenceUploaderProps) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // Clearing lets the borrower pick the same file again after removing it.
    event.target.value = ''
    if (file) onFile(file)
  }

  return (
    <ul className="complaint-uploader">
      {images.map((url, index) => (
        <li key={`${index}-${url}`} className="complaint-uploader__item">
          <ServerImage className="complaint-uploader__image" src={url} alt={m.imageAlt(index + 1)} />
          <button
            type="button"
            className="complaint-uploader__remove"
            aria-label={m.removeImage(index + 1)}
            disabled={disabled}
            onClick={() => onRemove(index)}
          >
            ×
          </button>
        </li>
      ))}
      {images.length < LIMITS.imagesMax && (
        <li className="complaint-uploader__item">
          <label className={`complaint-uploader__add${busy || disabled ? ' is-disabled' : ''}`}>
            {preparing ? <DotLoading color="primary" /> : <span aria-hidden="true">+</span>}
            <span className="complaint-visually-hidden">{m.addImage}</span>
            <input
              className="complaint-visually-hidden"
              type="file"
              accept="image/*"
              aria-label={m.addImage}
              disabled={busy || disabled}
              onChange={onChange}
            />
          </label>
          {/* Always rendered, so a screen reader announces the text when it appears. */}
          <span className="complaint-visually-hidden" role="status">
            {preparing ? m.preparingImage : ''}
          </span>
        </li>
      )}
    </ul>
  )
}
