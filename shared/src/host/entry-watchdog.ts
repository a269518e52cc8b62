/**
 * The page's entry watchdog (issue #30): a small classic script inlined at the top of every page (the shell's
 * and the standalone promotion page's), before the entry module. If the entry script, or a module it imports,
 * fails to download, the browser fires an `error` on that `<script type="module">` and nothing else happens:
 * the page's first frame (a skeleton, a static page) would stay forever. The watchdog then replaces it with a
 * readable screen and a Reload button. Plain DOM and inline styles: the app's code and stylesheet may be what
 * failed. The entry marks itself started (`markEntryStarted`) as its first act, so a page whose entry ran is
 * never touched; as a last resort, a page whose entry has not started this long after `load` gets the screen.
 */

import { FIRST_FRAME_ID } from '../remote/first-frame'

/** The window property the entry sets once it runs. */
export const ENTRY_STARTED = '__entryStarted'

/** How long after `load` an entry that never started counts as failed (module scripts run before `load`). */
export const ENTRY_WATCHDOG_WAIT_MS = 10_000

export const ENTRY_WATCHDOG_TEXT = {
  heading: 'This page could not be loaded',
  body: 'Part of the app could not be downloaded. Please check your connection and reload.',
  reload: 'Reload',
} as const

/** Marks the page's entry as started: the watchdog leaves the page alone from now on. */
export function markEntryStarted(win: Window): void {
  ;(win as unknown as Record<string, unknown>)[ENTRY_STARTED] = true
}

/**
 * The watchdog's source, as the page inlines it (its hash is in every page's CSP: deploy's
 * `pageScriptHashes`). ES5 on purpose: it must run where the app's own code would not.
 */
export function entryWatchdogSource(): string {
  const text = JSON.stringify(ENTRY_WATCHDOG_TEXT)
  return `(function(w,d){var T=${text},shown=false;
function show(){if(shown||w[${JSON.stringify(ENTRY_STARTED)}])return;shown=true;
var m=d.createElement('main');m.setAttribute('data-entry-watchdog','');
var a=d.createElement('div');a.setAttribute('role','alert');
m.style.cssText='padding:24px;font:16px/1.5 system-ui,sans-serif;color:#1f1f1f;background:#fff';
var h=d.createElement('h1');h.textContent=T.heading;h.style.cssText='font-size:20px;margin:0 0 8px';
var p=d.createElement('p');p.textContent=T.body;p.style.cssText='margin:0 0 16px';
var b=d.createElement('button');b.type='button';b.textContent=T.reload;
b.style.cssText='min-height:44px;padding:0 24px;font-size:16px';
b.addEventListener('click',function(){w.location.reload()});
a.appendChild(h);a.appendChild(p);a.appendChild(b);m.appendChild(a);
var f=d.getElementById(${JSON.stringify(FIRST_FRAME_ID)});if(f&&f.parentNode)f.parentNode.removeChild(f);
var r=d.getElementById('root')||d.body;while(r.firstChild)r.removeChild(r.firstChild);r.appendChild(m)}
w.addEventListener('error',function(e){var t=e.target;if(t&&t.tagName==='SCRIPT'&&t.type==='module')show()},true);
w.addEventListener('load',function(){w.setTimeout(show,${ENTRY_WATCHDOG_WAIT_MS})})})(window,document);`
}
