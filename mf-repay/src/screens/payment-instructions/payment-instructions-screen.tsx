import { useState } from 'react'
import { ViewerDialog } from 'shared/ui'
import { MESSAGES } from '../../content/messages'
import './payment-instructions.css'
import { CHANNEL_COLOURS, stepImage } from './step-images'
import { LazyImageViewer } from './viewer-overlay'

const m = MESSAGES.instructions

const CHANNELS = m.channels.map((channel, index) => ({
  name: channel.name,
  steps: channel.steps.map((text, step) => ({
    text,
    image: stepImage(channel.name, step + 1, CHANNEL_COLOURS[index]),
  })),
}))

interface ViewerState {
  /** Each opening mounts a new viewer: it reads its start picture only when mounted. */
  opening: number
  channel: number
  index: number
  visible: boolean
}

/** Payment-channel guidance (`/paymentInstructions`): each channel's steps; a picture enlarges on tap. */
export function PaymentInstructionsScreen() {
  const [viewer, setViewer] = useState<ViewerState>({ opening: 0, channel: 0, index: 0, visible: false })
  const close = () => setViewer((previous) => ({ ...previous, visible: false }))
  const images = CHANNELS[viewer.channel].steps.map((step) => step.image)
  return (
    <div className="repay-page">
      <h1 className="instructions-title">{m.title}</h1>
      <p className="instructions-intro">{m.intro}</p>
      {CHANNELS.map((channel, channelIndex) => (
        <section
          key={channel.name}
          className="repay-card"
          aria-labelledby={`instructions-channel-${channelIndex}`}
        >
          <h2 id={`instructions-channel-${channelIndex}`} className="instructions-channel">
            {channel.name}
          </h2>
          <ol className="instructions-steps">
            {channel.steps.map((step, index) => (
              <li key={step.text} className="instructions-step">
                <div className="instructions-step__text">
                  <strong>{m.step(index + 1)}</strong>
                  <p>{step.text}</p>
                </div>
                <button
                  type="button"
                  className="instructions-step__thumb"
                  aria-label={m.enlarge(channel.name, index + 1)}
                  onClick={() =>
                    setViewer((previous) => ({
                      opening: previous.opening + 1,
                      channel: channelIndex,
                      index,
                      visible: true,
                    }))
                  }
                >
                  {/* Lazy: eleven drawn pictures decoded before the first paint held the page's text
                      back ≈ 0.6 s at CPU 4× (their boxes are sized, so nothing moves when they arrive). */}
                  <img src={step.image} alt="" loading="lazy" decoding="async" />
                </button>
              </li>
            ))}
          </ol>
        </section>
      ))}
      <ViewerDialog
        visible={viewer.visible}
        label={m.pictures(CHANNELS[viewer.channel].name)}
        closeLabel={m.close}
        closeClassName="ui-button ui-button--ghost"
        onClose={close}
      >
        {(container) => (
          <LazyImageViewer
            key={viewer.opening}
            images={images}
            visible={viewer.visible}
            defaultIndex={viewer.index}
            onClose={close}
            getContainer={container}
          />
        )}
      </ViewerDialog>
    </div>
  )
}
