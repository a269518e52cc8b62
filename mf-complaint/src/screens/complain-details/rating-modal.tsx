import { useState } from 'react'
import type { Http } from 'shared/http'
import { showToast } from 'shared/ui'
import { saveScore } from '../../api/problem-detail'
import { LIMITS, MESSAGES } from '../../content/messages'
import { Modal } from '../../components/screen-parts'

const m = MESSAGES.detail
const STARS = Array.from({ length: LIMITS.stars }, (_, i) => i + 1)

interface RatingModalProps {
  http: Http
  problemId: string
  onClose: () => void
  onRated: () => void
}

/** 'Please rate this service': tapping star n fills 1..n; Send needs at least one star. */
export function RatingModal({ http, problemId, onClose, onRated }: RatingModalProps) {
  const [score, setScore] = useState(0)
  const [sending, setSending] = useState(false)

  const send = async () => {
    if (sending) return
    if (score === 0) {
      showToast(m.pickStars)
      return
    }
    setSending(true)
    const result = await saveScore(http, { score, problemId })
    setSending(false)
    if (result.ok) {
      showToast(m.rated)
      onRated()
    }
  }

  return (
    <Modal title={m.rateTitle}>
      <div className="complaint-stars" role="group" aria-label={m.rateTitle}>
        {STARS.map((n) => (
          <button
            key={n}
            type="button"
            className={`complaint-star${n <= score ? ' is-on' : ''}`}
            aria-label={m.star(n)}
            aria-pressed={n <= score}
            onClick={() => setScore(n)}
          >
            <span aria-hidden="true">★</span>
          </button>
        ))}
      </div>
      <div className="complaint-modal__actions">
        <button type="button" className="complaint-button complaint-button--ghost" onClick={onClose}>
          {m.cancel}
        </button>
        <button type="button" className="complaint-button" disabled={sending} onClick={() => void send()}>
          {m.send}
        </button>
      </div>
    </Modal>
  )
}
