/**
 * Section `canvas`: the Architecture Canvas editor in headless Chromium with 500 nodes
 * and 1,000 connections, opened the way a person opens one (the saved value under
 * `architecture-canvas` in local storage, then the Architecture Canvas tab): time to the first render, frame times
 * while dragging a node, and the gzip size of the editor's chunks.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { buildSpa } from '../../scripts/build'
import { buildDir, startServer } from '../../tests/e2e/server'
import { CHROME_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from '../lib/chromium'
import { gzipSize } from '../lib/initialJs'
import { type Budgets, heading, kib, ms, percentile, subheading, table } from '../lib/report'
import { benchAdminEnv, signInAsAdmin } from '../lib/staff'

const CANVAS = {
  nodes: 500,
  connections: 1000,
  /** Drags measured, each `dragFrames` pointer moves long, one per animation frame. */
  drags: 3,
  dragFrames: 90,
  /**
   * Goal: one frame at 60 Hz (16.7 ms). requestAnimationFrame deltas come in whole vsyncs (16.7 or
   * 16.8 ms when no frame is dropped, 33.4 ms when one is), so p95 passes below 1.1 frames.
   */
  frameP95Ms: 16.7,
  // Regression guards, set at first measurement (340-540 ms; 71.2 KiB), see the README.
  firstRenderMs: 1000,
  chunkGzipKiB: 90,
}

const NODE_TYPES = ['overseer', 'devgpt', 'qagpt', 'marketgpt', 'prober', 'structuring', 'sandbox', 'docker', 'fragmenter', 'debugger', 'memory', 'vectorstore', 'preview']
const LAYERS = ['dataflow', 'control', 'memory', 'runtime', 'security']
const STATUSES = ['inactive', 'active', 'error']

/**
 * The saved canvas: 500 nodes on a 20x25 grid over the whole 2000x2000 canvas (every third one
 * active, so a third of the status dots pulse), and 1,000 connections between neighbours (right,
 * down, diagonal), the five layers in turn.
 */
export const benchCanvas = () => {
  const columns = 20
  const at = new Date('2026-11-23T12:00:00.000Z').toISOString()
  const nodes = Array.from({ length: CANVAS.nodes }, (_, index) => ({
    id: `n${index}`,
    type: NODE_TYPES[index % NODE_TYPES.length],
    position: { x: (index % columns) * 100, y: Math.floor(index / columns) * 80 },
    size: { width: 120, height: 80 },
    isContainer: false,
    children: [],
    metadata: { status: STATUSES[index % STATUSES.length], notes: '', lastModified: at },
  }))
  const connections: { id: string; from: string; to: string; layer: string; metadata: { description: string } }[] = []
  const offsets = [1, columns, columns + 1]
  for (const offset of offsets) {
    for (let index = 0; index < CANVAS.nodes && connections.length < CANVAS.connections; index += 1) {
      const target = index + offset
      if (target >= CANVAS.nodes || (offset !== columns && target % columns === 0)) continue
      connections.push({ id: `c${connections.length}`, from: `n${index}`, to: `n${target}`, layer: LAYERS[connections.length % LAYERS.length] ?? 'dataflow', metadata: { description: '' } })
    }
  }
  return { nodes, connections, timestamp: at }
}

interface ChunkFile {
  file: string
  rawBytes: number
  gzipBytes: number
}

export interface CanvasSummary {
  nodes: number
  connections: number
  chunks: ChunkFile[]
  chunkJsGzipBytes: number
  /** The JavaScript the browser fetched when the tab opened (not before). */
  requestedOnOpen: string[]
  openTabMs: number
  firstRenderMs: number
  drawnAfterLoad: { nodes: number; edges: number }
  fitViewMs: number
  drawnAfterFit: { nodes: number; edges: number }
  drag: { frames: number; p50Ms: number; p95Ms: number; maxMs: number; over16_7: number; moved: boolean }
  edgeDrag: FrameStats
  pan: FrameStats
  idle: { frames: number; p50Ms: number; p95Ms: number }
}

/** The editor's own files in the build: the canvas-editor chunk and vendor-xyflow (JS and CSS). */
const chunkFiles = (): ChunkFile[] => {
  const assets = path.join(buildDir, 'assets')
  return readdirSync(assets)
    .filter((file) => /^(canvas-editor|vendor-xyflow)\.[0-9a-f]+\.(js|css)$/.test(file))
    .map((file) => {
      const bytes = readFileSync(path.join(assets, file))
      return { file, rawBytes: bytes.length, gzipBytes: gzipSize(bytes) }
    })
}

/*
 * The scripts below run in the page. They are strings: tsx (esbuild, keepNames) would wrap named
 * functions of a callback in a helper that exists only in Node.
 */

/** Records requestAnimationFrame timestamps until the returned function is called; it yields the deltas. */
const recordFrames = async (page: Page) => {
  await page.evaluate(`(() => {
    window.__frames = []
    window.__recording = true
    const tick = (time) => {
      window.__frames.push(time)
      if (window.__recording) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })()`)
  return async () =>
    (await page.evaluate(`(() => {
      window.__recording = false
      return window.__frames.slice(1).map((time, index) => time - window.__frames[index])
    })()`)) as number[]
}

const nextFrame = (page: Page) => page.evaluate('new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)))')

interface Drawn {
  ms: number
  nodes: number
  edges: number
}

/**
 * Runs `press` (a key or a click in the editor) and resolves with the time from it to the frame
 * after the diagram shows at least `minNodes` nodes and `minEdges` edges, other than `before`
 * nodes (the frame that paints them), and what is drawn then.
 */
const timeToRender = async (page: Page, press: () => Promise<void>, minNodes: number, minEdges: number, before: number): Promise<Drawn> => {
  const waiting = page.evaluate(`new Promise((resolve, reject) => {
    const deadline = performance.now() + 30000
    let started = 0
    const start = () => { if (started === 0) started = performance.now() }
    window.addEventListener('keydown', start, { capture: true, once: true })
    window.addEventListener('click', start, { capture: true, once: true })
    const check = () => {
      const nodes = document.querySelectorAll('.react-flow__node').length
      const edges = document.querySelectorAll('.react-flow__edge').length
      if (started > 0 && nodes >= ${minNodes} && edges >= ${minEdges} && nodes !== ${before}) {
        requestAnimationFrame(() => resolve({ ms: performance.now() - started, nodes, edges }))
        return
      }
      if (performance.now() > deadline) reject(new Error('not drawn within 30 s: ' + nodes + ' nodes, ' + edges + ' edges'))
      else requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })`) as Promise<Drawn>
  // Failing before it is awaited must not end the bench as an unhandled rejection.
  waiting.catch(() => undefined)
  await nextFrame(page)
  await press()
  return waiting
}

interface FrameStats {
  frames: number
  p50Ms: number
  p95Ms: number
  maxMs: number
  /** Frames over 25 ms: one or more vsyncs missed. */
  over16_7: number
}

const frameStats = (deltas: number[]): FrameStats => ({
  frames: deltas.length,
  p50Ms: percentile(deltas, 50),
  p95Ms: percentile(deltas, 95),
  maxMs: Math.max(...deltas),
  over16_7: deltas.filter((delta) => delta > 16.7 * 1.5).length,
})

export const canvasSection = async (budgets: Budgets, summary: { canvas?: CanvasSummary }, machineLoad: (section: string) => string): Promise<void> => {
  heading(`10. Architecture Canvas: ${CANVAS.nodes} nodes and ${CANVAS.connections.toLocaleString('en-US')} connections in headless Chromium`)
  if (!existsSync(path.join(buildDir, 'index.html'))) {
    console.log(`No build in ${buildDir}: building it.`)
    await buildSpa()
  }
  const canvas = benchCanvas()
  if (canvas.connections.length !== CANVAS.connections) throw new Error(`made ${canvas.connections.length} connections`)
  const server = await startServer(benchAdminEnv())
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS })
  try {
    console.log(`Chromium ${browser.version()}, 1600x1000 viewport; ${machineLoad('canvas')}`)
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } })
    await signInAsAdmin(context, server.url)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))

    const dashboard = page.locator('body:not(:has(#boot-splash)) h1:has-text("Architect Dashboard")')
    await page.goto(`${server.url}/architect`)
    await dashboard.waitFor({ timeout: 30_000 })

    // Opening the tab loads the editor's chunks (nothing saved yet: an empty canvas).
    const requested: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname)
    })
    const openStarted = Date.now()
    await page.getByRole('tab', { name: 'Architecture Canvas' }).click()
    await page.getByRole('region', { name: 'Diagram' }).waitFor()
    const openTabMs = Date.now() - openStarted

    // The saved value, as Ctrl+S would have written it, in a new tab of the browser: opening the
    // Architecture Canvas tab puts it onto the screen.
    const onOpenRequests = [...requested]
    await page.evaluate((value) => {
      localStorage.setItem('architecture-canvas', value)
      sessionStorage.clear()
    }, JSON.stringify(canvas))
    await page.reload()
    await dashboard.waitFor({ timeout: 30_000 })
    const loaded = await timeToRender(page, () => page.getByRole('tab', { name: 'Architecture Canvas' }).click(), 1, 1, 0)
    await page.getByTestId('canvas-status').filter({ hasText: 'Opened the canvas saved on' }).waitFor()
    const fitted = await timeToRender(page, () => page.getByRole('button', { name: 'Fit to view', exact: true }).click(), loaded.nodes + 1, 1, loaded.nodes)

    subheading('Rendering')
    console.log(
      table(
        ['moment', 'time', 'nodes drawn', 'edges drawn'],
        [
          ['tab opened → editor shown (chunks loaded)', ms(openTabMs, 0), '', ''],
          ['tab opened → saved canvas painted (zoom 1, chunks cached)', ms(loaded.ms), loaded.nodes, loaded.edges],
          ['Fit to view → painted', ms(fitted.ms), fitted.nodes, fitted.edges],
        ],
        [1, 2, 3],
      ),
    )
    console.log('React Flow draws only the nodes and edges in view above 150 nodes (onlyRenderVisibleElements).')

    // Idle frames for comparison, then drags of a node in view, one pointer move per frame.
    const stopIdle = await recordFrames(page)
    for (let frame = 0; frame < 60; frame += 1) await nextFrame(page)
    const idle = frameStats(await stopIdle())

    const dragDeltas: number[] = []
    let moved = true
    // Nodes a person could grab: their centre is on screen and not under anything else.
    const grabbableNow = async (): Promise<string[]> =>
      (await page.evaluate(`[...document.querySelectorAll('.react-flow__node')]
        .filter((node) => {
          const box = node.getBoundingClientRect()
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
          return hit !== null && hit.closest('.react-flow__node') === node
        })
        .map((node) => node.getAttribute('data-id'))`)) as string[]
    for (let drag = 0; drag < CANVAS.drags; drag += 1) {
      // Read again before each drag: the nodes in view are the ones React Flow draws.
      const grabbable = await grabbableNow()
      if (grabbable.length < CANVAS.drags) throw new Error(`only ${grabbable.length} nodes can be grabbed`)
      const id = grabbable[Math.floor(((drag + 1) * grabbable.length) / (CANVAS.drags + 2))] ?? ''
      const node = page.locator(`.react-flow__node[data-id="${id}"]`)
      const box = await node.boundingBox()
      if (!box) throw new Error('no node in view to drag')
      const before = await node.evaluate((element) => (element as HTMLElement).style.transform)
      const x = box.x + box.width / 2
      const y = box.y + box.height / 2
      await page.mouse.move(x, y)
      await page.mouse.down()
      const stop = await recordFrames(page)
      for (let frame = 1; frame <= CANVAS.dragFrames; frame += 1) {
        await page.mouse.move(x + frame * 3, y + frame * 2)
        await nextFrame(page)
      }
      dragDeltas.push(...(await stop()))
      await page.mouse.up()
      const after = await page.locator(`.react-flow__node[data-id="${id}"]`).evaluate((element) => (element as HTMLElement).style.transform)
      moved &&= after !== before
    }
    const drag = { ...frameStats(dragDeltas), moved }

    // Reported, not budgeted: a node dragged into the pane's edge, where React Flow pans the view
    // along with it (every frame then moves the view and the node, and brings nodes into view).
    const pane = await page.locator('.react-flow__pane').boundingBox()
    if (!pane) throw new Error('no pane')
    const edgeId = (await page.evaluate(`(() => {
      const right = ${pane.x + pane.width}
      const nodes = [...document.querySelectorAll('.react-flow__node')].filter((node) => {
        const box = node.getBoundingClientRect()
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
        return hit !== null && hit.closest('.react-flow__node') === node && box.x + box.width / 2 < right - 60
      })
      nodes.sort((a, b) => b.getBoundingClientRect().x - a.getBoundingClientRect().x)
      return nodes[0]?.getAttribute('data-id') ?? ''
    })()`)) as string
    const edgeNode = await page.locator(`.react-flow__node[data-id="${edgeId}"]`).boundingBox()
    if (!edgeNode) throw new Error('no node near the edge to drag')
    const edgeStart = { x: edgeNode.x + edgeNode.width / 2, y: edgeNode.y + edgeNode.height / 2 }
    await page.mouse.move(edgeStart.x, edgeStart.y)
    await page.mouse.down()
    const stopEdge = await recordFrames(page)
    for (let frame = 1; frame <= CANVAS.dragFrames; frame += 1) {
      await page.mouse.move(Math.min(edgeStart.x + frame * 3, pane.x + pane.width - 5), edgeStart.y)
      await nextFrame(page)
    }
    const edgeDrag = frameStats(await stopEdge())
    await page.mouse.up()

    // Reported, not budgeted: panning with the wheel (panOnScroll), one step a frame.
    await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2)
    const stopPan = await recordFrames(page)
    for (let frame = 1; frame <= CANVAS.dragFrames; frame += 1) {
      await page.mouse.wheel(0, 5)
      await nextFrame(page)
    }
    const pan = frameStats(await stopPan())

    subheading(`Frame times (requestAnimationFrame deltas) while dragging a node: ${CANVAS.drags} drags × ${CANVAS.dragFrames} pointer moves`)
    console.log(
      table(
        ['', 'frames', 'p50', 'p95', 'max', 'frames > 25 ms'],
        [
          ['idle (for comparison)', idle.frames, ms(idle.p50Ms), ms(idle.p95Ms), ms(idle.maxMs), idle.over16_7],
          ['dragging', drag.frames, ms(drag.p50Ms), ms(drag.p95Ms), ms(drag.maxMs), drag.over16_7],
          ['(reported) dragging into the edge: auto-pan', edgeDrag.frames, ms(edgeDrag.p50Ms), ms(edgeDrag.p95Ms), ms(edgeDrag.maxMs), edgeDrag.over16_7],
          ['(reported) panning with the wheel', pan.frames, ms(pan.p50Ms), ms(pan.p95Ms), ms(pan.maxMs), pan.over16_7],
        ],
        [1, 2, 3, 4, 5],
      ),
    )
    if (!moved) console.log('A dragged node did not move: the figures are not a drag.')

    const chunks = chunkFiles()
    const onOpen = onOpenRequests.filter((file) => /\/(canvas-editor|vendor-xyflow)\./.test(file))
    subheading('The editor in the build (on demand: loaded when the tab opens)')
    const jsGzip = chunks.filter((chunk) => chunk.file.endsWith('.js')).reduce((sum, chunk) => sum + chunk.gzipBytes, 0)
    console.log(
      table(
        ['file', 'raw', 'gzip -9', 'fetched on opening the tab'],
        [
          ...chunks.map((chunk) => [chunk.file, kib(chunk.rawBytes), kib(chunk.gzipBytes), onOpenRequests.some((file) => file.endsWith(chunk.file)) ? 'yes' : chunk.file.endsWith('.css') ? '(stylesheet)' : 'no']),
          ['JavaScript total', '', kib(jsGzip), ''],
        ],
        [1, 2],
      ),
    )

    if (errors.length > 0) console.log(`Page errors: ${errors.join('; ')}`)

    summary.canvas = {
      nodes: CANVAS.nodes,
      connections: CANVAS.connections,
      chunks,
      chunkJsGzipBytes: jsGzip,
      requestedOnOpen: onOpen,
      openTabMs,
      firstRenderMs: loaded.ms,
      drawnAfterLoad: { nodes: loaded.nodes, edges: loaded.edges },
      fitViewMs: fitted.ms,
      drawnAfterFit: { nodes: fitted.nodes, edges: fitted.edges },
      drag,
      edgeDrag,
      pan,
      idle: { frames: idle.frames, p50Ms: idle.p50Ms, p95Ms: idle.p95Ms },
    }

    budgets.check('canvas', 'canvas: no page errors, the dragged nodes moved', errors.length === 0 && moved, errors.length === 0 ? (moved ? 'ok' : 'not moved') : errors.join('; '), 'none, moved')
    budgets.check('canvas', `canvas: opening the tab → ${CANVAS.nodes} saved nodes painted`, loaded.ms < CANVAS.firstRenderMs, ms(loaded.ms), `< ${ms(CANVAS.firstRenderMs, 0)}`)
    budgets.check('canvas', 'canvas: frame time p95 while dragging', drag.p95Ms < CANVAS.frameP95Ms * 1.1, ms(drag.p95Ms), `one 60 Hz frame (${CANVAS.frameP95Ms} ms, < ${ms(CANVAS.frameP95Ms * 1.1)} in vsync steps)`)
    budgets.check('canvas', 'canvas: editor JavaScript (canvas-editor + vendor-xyflow), gzip', jsGzip <= CANVAS.chunkGzipKiB * 1024, kib(jsGzip), `≤ ${CANVAS.chunkGzipKiB} KiB`)
    budgets.check('canvas', 'canvas: editor chunks fetched only when the tab opens', onOpen.length >= 2, onOpen.join(', ') || 'none', 'both on opening')
  } finally {
    await browser.close()
    await server.stop()
  }
}
