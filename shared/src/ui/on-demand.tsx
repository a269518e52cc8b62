import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { afterNextPaint, whenIdle } from '../schedule/schedule'

/** A chunk that could not be downloaded (offline, server error), as opposed to a crash of its component. */
class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('The code for this part of the page could not be loaded.', { cause })
    this.name = 'ChunkLoadError'
  }
}

/** What a remote's "could not be opened" dialog gets: 'Try again' and 'Close'. */
export interface LoadFailedProps {
  onRetry: () => void
  onClose: () => void
}

interface OpenableProps {
  visible?: boolean
  onClose?: () => void
}

/** A hidden page paints no frames: the prefetch waits at most this long for one. */
const PREFETCH_PAINT_WAIT_MS = 500

/**
 * Fetches code a screen may need after its first paint (an overlay, a picker, the photo resizer) once that screen is
 * painted (never in the frame that shows the screen's data) and the browser is idle. Failures are ignored
 * here: the use itself loads again and says so when it cannot.
 */
export function usePrefetch(load: () => Promise<unknown>): void {
  useEffect(() => {
    let live = true
    let cancel: () => void = () => undefined
    void afterNextPaint(PREFETCH_PAINT_WAIT_MS).then(() => {
      if (!live) return
      cancel = whenIdle(() => void load().catch(() => undefined), { timeoutMs: 3000 })
    })
    return () => {
      live = false
      cancel()
    }
  }, [load])
}

/**
 * A component whose code is a separate chunk, for overlays that are not part of any first paint
 * (antd-mobile's Popup and ImageViewer bring react-spring and @use-gesture).
 *
 * `load` is called for every attempt: its result is not kept here, the module system keeps a loaded module,
 * and a failed `import()` must be called again to fetch again (React.lazy would keep the rejection, so each
 * attempt gets its own lazy component). The code starts loading once the browser is idle after the screen
 * holding the overlay has painted, and at the latest when it opens. While it loads after an open, the page
 * stays as it is and the overlay appears when ready; when it cannot be loaded, an open shows a message with
 * 'Try again' and 'Close' (`Failed`, in the remote's own look and words), and the next open tries again.
 */
export function onDemand<P extends OpenableProps>(
  load: () => Promise<ComponentType<P>>,
  Failed: ComponentType<LoadFailedProps>,
): ComponentType<P> {
  const lazyAttempt = () =>
    lazy(() =>
      load().then(
        (loaded) => ({ default: loaded }),
        (error: unknown) => {
          throw new ChunkLoadError(error)
        },
      ),
    )

  function OnDemand(props: P) {
    const visible = props.visible ?? false
    // Nothing is rendered (so nothing loads for display) before the first open; after it, the component stays
    // rendered so it can play its close animation and keep its state.
    const [opened, setOpened] = useState(visible)
    const [wasVisible, setWasVisible] = useState(visible)
    const [current, setCurrent] = useState(() => ({ attempt: 0, Loaded: lazyAttempt() }))
    const [failed, setFailed] = useState(false)

    const retry = () => {
      setFailed(false)
      setCurrent((previous) => ({ attempt: previous.attempt + 1, Loaded: lazyAttempt() }))
    }

    if (visible !== wasVisible) {
      setWasVisible(visible)
      if (visible) {
        setOpened(true)
        if (failed) retry()
      }
    }

    usePrefetch(load)

    if (!opened) return null
    if (failed) {
      return visible ? <Failed onRetry={retry} onClose={() => props.onClose?.()} /> : null
    }
    const { Loaded } = current
    return (
      <ChunkBoundary key={current.attempt} onFailed={() => setFailed(true)}>
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      </ChunkBoundary>
    )
  }
  OnDemand.displayName = 'OnDemand'
  return OnDemand
}

interface ChunkBoundaryProps {
  onFailed: () => void
  children: ReactNode
}

/** Catches a chunk that failed to load; any other error goes on to the boundaries above. */
class ChunkBoundary extends Component<ChunkBoundaryProps, { error: unknown }> {
  state = { error: null as unknown }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  componentDidCatch(error: unknown) {
    if (error instanceof ChunkLoadError) this.props.onFailed()
  }

  render() {
    const { error } = this.state
    if (error === null) return this.props.children
    if (error instanceof ChunkLoadError) return null
    throw error
  }
}
