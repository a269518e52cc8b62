/**
 * No tap lost before hydration (issue #31, item 5; ADR 0032). A route's first frame paints real controls
 * before any script has run; a tap on one of them before its screen has hydrated would do nothing. A small
 * classic script inlined at the top of every page (`firstTapsSource`, beside the entry watchdog) captures,
 * in capture phase on the document, a tap on a button of the frame and a form's submit, cancels their
 * default (a submit would reload the page without the ad link's parameters) and queues them; once the screen
 * has hydrated, `replayFirstTaps` (called by `hydrateFirstFrame`, the one place every remote and the
 * standalone page hydrate through) stops the capture and replays each queued tap once on the same control,
 * found again by its path from the frame's root. Links are left to the browser: they navigate without the
 * app. Typed text is kept apart (`keepFieldInput`, ADR 0020), before the taps are replayed.
 */

/** The window property the inline script keeps its queue and its stop under. */
export const FIRST_TAPS = '__firstTaps'

/**
 * The frame's root, whichever page it is in: the shell's frame (and, once the shell has moved it into the
 * remote's slot, that slot, marked until the remote takes it over) or the standalone page's root.
 */
const FRAME_ROOT = '[data-first-frame],#first-frame .remote-root'

/** What counts as a tap on a control: a button or what acts as one (a link is left to the browser). */
const CONTROL = 'button,[type=submit],[type=button],[type=image],[role=button]'

/**
 * A tap the page took before the screen could: its event, its control's tag and its path from the root, each
 * step an index among the elements that are no script (the data block a frame rendered with the borrower's
 * data starts with leaves before the screen hydrates, ADR 0054).
 */
export interface FirstTap {
  type: 'click' | 'submit'
  tag: string
  path: number[]
}

interface FirstTaps {
  taps: FirstTap[]
  stop: () => void
}

/**
 * The capture script's source, as the page inlines it (its hash is in every page's CSP: deploy's
 * `pageScriptHashes`, which reads it from the built index.html). ES5 and tiny: it is in every page before
 * first paint.
 */
export function firstTapsSource(): string {
  return `(function(w,d){var q=[];function on(e){var t=e.target,r=t.closest&&t.closest(${JSON.stringify(FRAME_ROOT)}),
c=r&&(e.type=='click'?t.closest(${JSON.stringify(CONTROL)}):t);if(!c||!r.contains(c))return;e.preventDefault();
for(var p=[],n=c;n!=r;n=n.parentNode)p.unshift([].filter.call(n.parentNode.children,function(x){return x.tagName!='SCRIPT'}).indexOf(n));
q.push({type:e.type,tag:c.tagName,path:p})}
d.addEventListener('click',on,true);d.addEventListener('submit',on,true);
w[${JSON.stringify(FIRST_TAPS)}]={taps:q,stop:function(){d.removeEventListener('click',on,true);d.removeEventListener('submit',on,true)}}})(window,document);`
}

/**
 * Stops the page's capture and replays, once each, the taps it queued on the hydrated screen under
 * `container`: a click on the control at the same path (a button clicked twice before the screen could
 * answer is one tap: no double submission), a submit through the form's own `requestSubmit`, so the screen's
 * validation runs. A tap whose control is no longer there (the screen rendered something else) is dropped.
 * Does nothing on a page without the script, or when it has already run.
 */
export function replayFirstTaps(container: Element, win: Window = window): void {
  const store = win as unknown as Record<string, FirstTaps | undefined>
  const capture = store[FIRST_TAPS]
  if (!capture) return
  delete store[FIRST_TAPS]
  capture.stop()
  const done = new Set<string>()
  for (const tap of capture.taps) {
    const key = `${tap.type} ${tap.path.join('/')}`
    if (done.has(key)) continue
    done.add(key)
    const element = tap.path.reduce<Element | undefined>(
      (node, index) =>
        node ? [...node.children].filter((child) => child.tagName !== 'SCRIPT')[index] : undefined,
      container,
    )
    if (!element || element.tagName !== tap.tag) continue
    if (tap.type === 'submit') {
      if (element instanceof HTMLFormElement) element.requestSubmit()
    } else if (element instanceof HTMLElement) element.click()
  }
}
