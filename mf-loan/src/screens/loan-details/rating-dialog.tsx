import { useState } from 'react'
import type { Bridge } from 'shared/bridge'
import type { Http } from 'shared/http'
import { showToast } from 'shared/ui'
import { sendGoogleScore } from '../../api/loan-details'
import { LIMITS, MESSAGES } from '../../content/messages'
import { Modal } from '../../components/screen-parts'

const m = MESSAGES.rating
const STARS = Array.from({ length: LIMITS.stars }, (_, i) => i + 1)

interface RatingDialogProps {
  http: Http
  bridge: Bridge
  onClose: () => void
}

/**
 * The app rating: tapping star n fills 1..n. Submit sends score 5 whatever was picked; the stars choose what
 * follows: 4 or more go on to the store rating (native), fewer end here with thanks.
 */
export function RatingDialog({ http, bridge, onClose }: RatingDialogProps) {
  const [stars, setStars] = useState(0)
  const [sending, setSending] = useState(false)

  const submit = async () => {
    if (sending) return
    if (stars === 0) {
      showToast(m.pickStars)
      return
    }
    setSending(true)
    const ok = await sendGoogleScore(http, LIMITS.submittedScore)
    setSending(false)
    if (!ok) return
    if (stars >= LIMITS.storeRatingFrom) bridge.call('toRate')
    else showToast(m.thanks)
    onClose()
  }

  return (
    <Modal title={m.title}>
      <div className="loan-stars" role="group" aria-label={m.title}>
        {STARS.map((n) => (
          <button
            key={n}
            type="button"
            className={`loan-star${n <= stars ? ' is-on' : ''}`}
            aria-label={m.star(n)}
            aria-pressed={n <= stars}
            onClick={() => setStars(n)}
          >
            <span aria-hidden="true">★</span>
          </button>
        ))}
      </div>
      <div className="loan-modal__actions">
        <button type="button" className="ui-button ui-button--ghost" onClick={onClose}>
          {m.cancel}
        </button>
        <button type="button" className="ui-button" disabled={sending} onClick={() => void submit()}>
          {m.submit}
        </button>
      </div>
    </Modal>
  )
}
