// Array.prototype.at, for the engines inside the support floor that lack it (iOS 15.0–15.3, Chromium 90–91:
// ADR 0045). `deferred.ts` loads this chunk only there, before Web Vitals, whose CLS observer calls it.
import 'core-js/actual/array/at'
