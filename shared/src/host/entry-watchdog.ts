/**
 * The page's entry watchdog (issue #30): a small classic script inlined at the top of every page (the shell's
 * and the standalone promotion page's), before the entry module. If the entry script, or a module it imports,
 * fails to download, the browser fires an `error` on that `<script type="module">` and nothing else happens:
 * the page's first frame (a skeleton, a static page) would stay forever. The watchdog then replaces it with a
 * readable screen and a Reload button. Plain DOM and inline styles: the app's code and stylesheet may be what
 * failed. The entry marks itself started (`markEntryStarted`) as its first act, so a page whose entry ran is
 * never touched; as a last resort, a page whose entry has not started this long after `load` gets the screen.
 *
 * It also tells a phone below the support floor (ADR 0045) the truth (issue #42, ADR 0048): before any module
 * runs it tests built-ins and CSS every engine of the floor has and the engines below it lack, and there, or
 * when a script of the page fails to parse before the entry started, it shows a screen saying to update the
 * app or the phone's system, with the service phone. Reloading would not help, so that screen has no button.
 */

import { FIRST_FRAME_ID } from '../remote/first-frame'
import { DEFAULT_SETTINGS } from './settings'

/** The window property the entry sets once it runs. */
export const ENTRY_STARTED = '__entryStarted'

/** The window property the watchdog sets on a page whose engine is below the support floor. */
export const BELOW_FLOOR = '__belowFloor'

/** How long after `load` an entry that never started counts as failed (module scripts run before `load`). */
export const ENTRY_WATCHDOG_WAIT_MS = 10_000

export const ENTRY_WATCHDOG_TEXT = {
  heading: 'This page could not be loaded',
  body: 'Part of the app could not be downloaded. Please check your connection and reload.',
  reload: 'Reload',
} as const

/** The screen below the support floor; `call` is followed by the service phone. */
export const BELOW_FLOOR_TEXT = {
  heading: 'Please update the app',
  body: "The app or this phone's system is too old for this page. Please update the app or the phone's system.",
  call: 'Or call us at',
} as const

/** Marks the page's entry as started: the watchdog leaves the page alone from now on. */
export function markEntryStarted(win: Window): void {
  ;(win as unknown as Record<string, unknown>)[ENTRY_STARTED] = true
}

/** Whether the watchdog found the page's engine below the support floor: the entry then does nothing. */
export function belowSupportFloor(win: Window): boolean {
  return (win as unknown as Record<string, unknown>)[BELOW_FLOOR] === true
}

/**
 * The watchdog's source, as the page inlines it (its hash is in every page's CSP: deploy's
 * `pageScriptHashes`). ES5 on purpose: it must run where the app's own code would not.
 */
export function entryWatchdogSource(): string {
  const text = JSON.stringify(ENTRY_WATCHDOG_TEXT)
  const update = JSON.stringify(BELOW_FLOOR_TEXT)
  const [started, below] = [JSON.stringify(ENTRY_STARTED), JSON.stringify(BELOW_FLOOR)]
  // floor(): every engine of the floor has all three, the engines below it lack one (ADR 0048). The window's
  // own properties, never bare globals, so that a test can hand it an engine. phone(): the settings block's
  // `servicePhone` by parseSettings' rule (a non-blank string, trimmed), read once the page is parsed: the
  // block comes after this script, and the hash in the page's CSP stays the build's.
  return `(function(w,d){var T=${text},U=${update},P=${JSON.stringify(DEFAULT_SETTINGS.servicePhone)},shown=false;
function floor(){try{var C=w.CSS;return !!(w.Promise&&w.Promise.any&&w.WeakRef&&C&&C.supports&&C.supports('aspect-ratio','1 / 1'))}catch(e){return false}}
function phone(){try{var s=d.getElementById('app-settings'),v=JSON.parse(s&&s.textContent||'{}');
v=v&&typeof v==='object'?v.servicePhone:null;return typeof v==='string'&&v.trim()?v.trim():P}catch(e){return P}}
function put(heading,body,last){shown=true;
var m=d.createElement('main');m.setAttribute('data-entry-watchdog','');
var a=d.createElement('div');a.setAttribute('role','alert');
m.style.cssText='padding:24px;font:16px/1.5 system-ui,sans-serif;color:#1f1f1f;background:#fff';
var h=d.createElement('h1');h.textContent=heading;h.style.cssText='font-size:20px;margin:0 0 8px';
var p=d.createElement('p');p.textContent=body;p.style.cssText='margin:0 0 16px';
a.appendChild(h);a.appendChild(p);a.appendChild(last);m.appendChild(a);
var f=d.getElementById(${JSON.stringify(FIRST_FRAME_ID)});if(f&&f.parentNode)f.parentNode.removeChild(f);
var r=d.getElementById('root')||d.body;while(r.firstChild)r.removeChild(r.firstChild);r.appendChild(m)}
function show(){if(shown||w[${started}]||w[${below}])return;
var b=d.createElement('button');b.type='button';b.textContent=T.reload;
b.style.cssText='min-height:44px;padding:0 24px;font-size:16px';
b.addEventListener('click',function(){w.location.reload()});put(T.heading,T.body,b)}
function update(){if(shown||d.readyState==='loading')return;
var c=d.createElement('p');c.style.cssText='margin:0';c.appendChild(d.createTextNode(U.call+' '));
var n=d.createElement('strong');n.textContent=phone();c.appendChild(n);put(U.heading,U.body,c)}
function below(){w[${below}]=true;update();d.addEventListener('readystatechange',update)}
function unparsed(e){var x=e.error;return /\\.m?js([?#]|$)/.test(e.filename||'')&&
(x&&x.name==='SyntaxError'||/SyntaxError/.test(e.message||''))}
if(!floor())below();
w.addEventListener('error',function(e){var t=e.target;if(t&&t.tagName==='SCRIPT'&&t.type==='module')show();
else if(!w[${started}]&&unparsed(e))below()},true);
w.addEventListener('load',function(){w.setTimeout(show,${ENTRY_WATCHDOG_WAIT_MS})})})(window,document);`
}
