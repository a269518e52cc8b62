/* global uPlot */
// The ops page's script (served as it is from deploy/src/health/ops-page.ts): reads /ops/api/health and draws,
// per remote, its current and previous version (while a canary runs: its control and canary) side by side, each with a row per engine its pages named (the
// cells come written by the server, as `pnpm remotes` prints them), and charts over the last day with the
// release and rollback events marked on the time axis.
;(function () {
  const status = document.getElementById('status')
  const root = document.getElementById('remotes')

  function el(tag, attrs, children) {
    const node = document.createElement(tag)
    for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value)
    for (const child of children || []) node.append(child)
    return node
  }

  function summary(data, remote) {
    const head = el(
      'tr',
      {},
      ['window', 'version', ...data.columns].map((t) => el('th', { scope: 'col' }, [t])),
    )
    const rows = []
    for (const window of data.windows) {
      // While a canary runs: its control side (the current version) beside the canary (ADR 0059).
      for (const [which, version] of remote.canary
        ? [
            ['control', remote.current],
            ['canary', remote.canary.version],
          ]
        : [
            ['current', remote.current],
            ['previous', remote.previous],
          ]) {
        if (!version) continue
        const v = window.versions.find((x) => x.remote === remote.remote && x.version === version)
        rows.push(
          el(
            'tr',
            { 'data-version': version, 'data-which': which },
            [`${window.label}, ${which}`, version, ...(v ? v.cells : data.noCells)].map((t) =>
              el('td', {}, [t]),
            ),
          ),
        )
        for (const engine of v ? v.engines : []) {
          rows.push(
            el(
              'tr',
              { 'data-version': version, 'data-engine': engine.engine, class: 'engine' },
              ['', engine.label, ...engine.cells].map((t) => el('td', {}, [t])),
            ),
          )
        }
      }
    }
    return el('table', {}, [el('thead', {}, [head]), el('tbody', {}, rows)])
  }

  function eventsList(events) {
    if (!events.length) return el('p', { class: 'muted' }, ['No release or rollback in the last day.'])
    return el(
      'ul',
      { class: 'events' },
      events.map((e) =>
        el('li', { 'data-kind': e.kind }, [
          `${new Date(e.at).toLocaleString()} · ${e.kind} ${e.from || '–'} → ${e.to}` +
            `${e.percent !== undefined ? ` · ${e.percent}% of borrowers` : ''}${e.reason ? ` · ${e.reason}` : ''}`,
        ]),
      ),
    )
  }

  /** Vertical lines at each release (blue) and rollback (red). */
  function eventMarkers(events) {
    return {
      hooks: {
        draw: [
          (u) => {
            const ctx = u.ctx
            for (const e of events) {
              const x = Math.round(u.valToPos(e.at / 1000, 'x', true))
              if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) continue
              ctx.save()
              ctx.strokeStyle = e.kind === 'rollback' || e.kind === 'abort' ? '#c62828' : '#0958d9'
              ctx.lineWidth = 2
              ctx.setLineDash([6, 4])
              ctx.beginPath()
              ctx.moveTo(x, u.bbox.top)
              ctx.lineTo(x, u.bbox.top + u.bbox.height)
              ctx.stroke()
              ctx.restore()
            }
          },
        ],
      },
    }
  }

  function chart(data, remote, events) {
    const versions = [remote.current, remote.canary ? remote.canary.version : remote.previous].filter(Boolean)
    const times = [...new Set(data.series.filter((p) => p.remote === remote.remote).map((p) => p.t))].sort(
      (a, b) => a - b,
    )
    const byKey = new Map(data.series.map((p) => [`${p.remote}@${p.version}@${p.t}`, p]))
    const series = [{}]
    const columns = [times.map((t) => t / 1000)]
    const colours = ['#0958d9', '#8c8c8c']
    versions.forEach((version, i) => {
      const points = times.map((t) => byKey.get(`${remote.remote}@${version}@${t}`))
      columns.push(points.map((p) => (p ? p.loads : null)))
      series.push({ label: `loads ${version}`, stroke: colours[i], width: 2, scale: 'loads' })
      columns.push(points.map((p) => (p && p.loads ? (100 * (p.loads - p.mounted)) / p.loads : null)))
      series.push({
        label: `failed % ${version}`,
        stroke: i ? '#d48806' : '#c62828',
        width: 2,
        dash: [4, 3],
        scale: '%',
      })
    })
    const box = el('div', {
      class: 'chart',
      role: 'img',
      'aria-label': `${remote.remote}: page loads and failed mounts over the last day`,
    })
    if (!times.length) {
      box.append(el('p', { class: 'muted' }, ['No reports in the last day.']))
      return box
    }
    new uPlot(
      {
        width: Math.min(960, document.body.clientWidth - 32),
        height: 220,
        series,
        scales: {
          x: { time: true, range: () => [(data.now - 86_400_000) / 1000, data.now / 1000] },
          '%': { range: [0, 100] },
        },
        axes: [
          {},
          { scale: 'loads', label: 'loads' },
          { scale: '%', side: 1, label: 'failed %', grid: { show: false } },
        ],
        plugins: [eventMarkers(events)],
      },
      columns,
      box,
    )
    return box
  }

  /** A running canary: its share asked and seen, and the judge's state at this step with its figures. */
  function canaryLine(canary) {
    const judge = canary.judge
    const seen =
      judge && judge.seenPercent !== null
        ? `${judge.seenPercent.toFixed(1)}% seen (${judge.canaryClients} of ${judge.canaryClients + judge.controlClients} clients this step)`
        : 'none seen yet'
    return el('p', { class: 'canary', 'data-status': judge ? judge.status : 'unjudged' }, [
      `canary ${canary.version} · ${canary.percent}% asked, ${seen} · since ${new Date(canary.stepSince).toLocaleString()} · `,
      el('strong', {}, [judge ? `judge: ${judge.status}` : 'judge: not yet checked']),
      judge ? ` — ${judge.reason}` : '',
    ])
  }

  fetch('/ops/api/health', { credentials: 'same-origin' })
    .then((r) => {
      if (!r.ok) throw new Error(`the server answered ${r.status}`)
      return r.json()
    })
    .then((data) => {
      status.textContent = `Updated ${new Date(data.now).toLocaleString()}. Malformed reports refused in the last day: ${data.rejectedReports}.`
      for (const remote of data.remotes) {
        const events = data.events.filter((e) => e.remote === remote.remote)
        root.append(
          el('section', { class: 'remote', 'data-remote': remote.remote }, [
            el('h2', {}, [`${remote.remote}`]),
            el('p', {}, [`current ${remote.current} · previous ${remote.previous || '–'}`]),
            ...(remote.canary ? [canaryLine(remote.canary)] : []),
            summary(data, remote),
            chart(data, remote, events),
            eventsList(events),
          ]),
        )
      }
    })
    .catch((error) => {
      status.textContent = `Field health could not be read: ${error.message}`
    })
})()
