import { readFile } from 'node:fs/promises'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { analyzeSettled, WCAG_TAGS } from './a11y'
import { STAFF } from './staff'
import { watchErrors } from './errors'

/**
 * The Architecture Canvas as an administrator, in the production build: the palette,
 * dragging, shift-drawn connections, the side panel, delete, save, reload and load, a keyboard-only
 * path, export and import, and axe.
 */

/** The dashboard's canvas tab, signed in as the admin (the session cookie), once the editor has loaded. */
const openCanvas = async (page: Page) => {
  const response = await page.context().request.post('/api/auth/login', { data: { email: STAFF.admin.email, password: STAFF.admin.password } })
  expect(response.status()).toBe(200)
  await page.goto('/architect')
  await showCanvasTab(page)
}

const showCanvasTab = async (page: Page) => {
  await expect(page.locator('#boot-splash')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Architect Dashboard' })).toBeVisible({ timeout: 20_000 })
  await page.getByRole('tab', { name: 'Architecture Canvas' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Architecture Canvas' })).toBeVisible({ timeout: 20_000 })
}

const editor = (page: Page) => {
  const palette = page.getByRole('navigation', { name: 'Add a node' })
  const panel = page.getByRole('region', { name: 'Selection' })
  return {
    palette,
    panel,
    diagram: page.getByRole('region', { name: 'Diagram' }),
    status: page.getByTestId('canvas-status'),
    alert: page.getByRole('alert').filter({ hasText: /./ }),
    add: (label: string) => palette.getByRole('button', { name: label, exact: true }),
    node: (name: string) => page.getByRole('group', { name, exact: true }),
    position: panel.getByTestId('node-position'),
    toolbar: (name: string) => page.getByRole('group', { name: 'Canvas actions' }).getByRole('button', { name, exact: true }),
  }
}

const centre = async (locator: Locator) => {
  const box = await locator.boundingBox()
  if (!box) throw new Error('not on screen')
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box }
}

/** How many of the minimap's pixels are exactly the colour `rgb` (its nodes are drawn in their status colour). */
const minimapPixels = (page: Page, rgb: [number, number, number]) =>
  page.getByRole('img', { name: 'Minimap of the diagram' }).evaluate((element, [red, green, blue]) => {
    const canvas = element as HTMLCanvasElement
    const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray()
    let count = 0
    for (let at = 0; at < pixels.length; at += 4) {
      if (pixels[at] === red && pixels[at + 1] === green && pixels[at + 2] === blue && pixels[at + 3] === 255) count += 1
    }
    return count
  }, rgb)

const GREY: [number, number, number] = [0x94, 0xa3, 0xb8]
const GREEN: [number, number, number] = [0x16, 0xa3, 0x4a]

test('an admin adds nodes, drags one, connects them with shift, sets a status, deletes, saves, reloads and loads', async ({ page }) => {
  test.setTimeout(90_000)
  await openCanvas(page)
  const errors = watchErrors(page)
  const canvas = editor(page)

  await canvas.add('Overseer').click()
  await expect(canvas.status).toHaveText('Overseer added at 24, 24')
  await canvas.add('DevGPT').click()
  await expect(canvas.status).toHaveText('DevGPT added at 164, 24')
  const overseer = canvas.node('Overseer, inactive')
  const devgpt = canvas.node('DevGPT, inactive')
  await expect(overseer).toBeVisible()
  await expect(devgpt).toBeVisible()
  await expect(overseer.locator('svg[data-icon="overseer"]')).toBeVisible()
  // The minimap draws them: an inactive node in grey.
  await expect.poll(() => minimapPixels(page, GREY)).toBeGreaterThan(50)
  expect(await minimapPixels(page, GREEN)).toBe(0)

  // Drag DevGPT 150 px right and 120 px down (zoom 1: canvas pixels are screen pixels).
  const from = await centre(devgpt)
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(from.x + 50, from.y + 40, { steps: 5 })
  await page.mouse.move(from.x + 150, from.y + 120, { steps: 10 })
  await page.mouse.up()
  await expect(canvas.panel.getByRole('heading', { name: 'DevGPT node' })).toBeVisible()
  // React Flow starts the drag once the pointer has moved past its threshold: give or take a step.
  await expect(canvas.position).toHaveText(/^(29\d|30\d|31\d), (1[2-4]\d)$/)
  const dropped = await canvas.position.textContent()
  // The whole drag is one undo step.
  await canvas.toolbar('Undo').click()
  await expect(canvas.position).toHaveText('164, 24')
  await canvas.toolbar('Redo').click()
  await expect(canvas.position).toHaveText(dropped ?? '')

  // Shift + mouse-down on Overseer, released over DevGPT's top part (its 100x50 drop box).
  const start = await centre(overseer)
  const target = await centre(devgpt)
  await page.mouse.move(start.x, start.y)
  await page.keyboard.down('Shift')
  await page.mouse.down()
  await page.mouse.move(target.box.x + 30, target.box.y + 20, { steps: 8 })
  await page.mouse.up()
  await page.keyboard.up('Shift')
  await expect(canvas.status).toHaveText('Connection added')
  const connection = page.getByRole('group', { name: 'Data Flow connection from Overseer to DevGPT' })
  await expect(connection).toHaveCount(1)

  // Released over empty canvas: no connection.
  await page.mouse.move(start.x, start.y)
  await page.keyboard.down('Shift')
  await page.mouse.down()
  await page.mouse.move(start.x, start.y + 300, { steps: 5 })
  await page.mouse.up()
  await page.keyboard.up('Shift')
  await expect(canvas.status).toHaveText(/^No connection/)

  // Status through the panel.
  await overseer.click()
  await expect(canvas.panel.getByRole('heading', { name: 'Overseer node' })).toBeVisible()
  await canvas.panel.getByLabel('Status').selectOption('active')
  await expect(canvas.node('Overseer, active')).toBeVisible()

  // Delete DevGPT with its connection.
  await canvas.node('DevGPT, inactive').click()
  await canvas.toolbar('Delete').click()
  await expect(canvas.status).toHaveText('Node deleted with its connections')
  await expect(canvas.node('DevGPT, inactive')).toHaveCount(0)
  await expect(connection).toHaveCount(0)
  // Overseer, now active and no longer selected, is green in the minimap; nothing inactive is left.
  await expect.poll(() => minimapPixels(page, GREEN)).toBeGreaterThan(50)
  expect(await minimapPixels(page, GREY)).toBe(0)

  // Ctrl+S, with focus in the editor.
  await canvas.diagram.focus()
  await page.keyboard.press('Control+s')
  await expect(canvas.status).toHaveText(/^Canvas saved at /)
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('architecture-canvas') ?? 'null') as { nodes: { type: string }[] } | null))
    .toMatchObject({ nodes: [{ type: 'overseer', metadata: { status: 'active' } }], connections: [], timestamp: expect.any(String) as unknown })

  // A new visit opens the saved diagram, and says so; Ctrl+O loads it again.
  await page.reload()
  await showCanvasTab(page)
  await expect(canvas.status).toHaveText(/^Opened the canvas saved on /)
  await expect(canvas.node('Overseer, active')).toBeVisible()
  await canvas.diagram.focus()
  await page.keyboard.press('Control+o')
  await expect(canvas.status).toHaveText(/^Canvas loaded \(saved at /)
  await expect(canvas.node('Overseer, active')).toBeVisible()
  expect(errors).toEqual([])
})

test('the editor works from the keyboard alone', async ({ page }) => {
  test.setTimeout(90_000)
  await openCanvas(page)
  const canvas = editor(page)

  /** Tabs forward until `target` has the focus (at most 60 stops). */
  const tabTo = async (target: Locator) => {
    for (let stop = 0; stop < 60; stop += 1) {
      if (await target.evaluate((element) => element === document.activeElement)) return
      await page.keyboard.press('Tab')
    }
    throw new Error('never reached by Tab')
  }

  await tabTo(canvas.add('Prober'))
  await page.keyboard.press('Enter')
  await expect(canvas.status).toHaveText('Prober added at 24, 24')
  await page.keyboard.press('Tab')
  await expect(canvas.add('Structuring')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(canvas.status).toHaveText('Structuring added at 164, 24')

  // Arrows move the selected node: 10 px, 50 px with Shift.
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Shift+ArrowDown')
  await expect(canvas.position).toHaveText('174, 74')

  // The status dropdown: its arrows choose (Inactive -> Active).
  await tabTo(canvas.panel.getByLabel('Status'))
  await page.keyboard.press('ArrowUp')
  await expect(canvas.node('Structuring, active')).toBeVisible()

  await page.keyboard.press('Control+s')
  await expect(canvas.status).toHaveText(/^Canvas saved at /)
  await page.keyboard.press('Delete')
  await expect(canvas.status).toHaveText('Node deleted with its connections')
  await expect(canvas.node('Structuring, active')).toHaveCount(0)
  // The focus stays in the editor: the next keys still reach it.
  await expect(canvas.diagram).toBeFocused()
  await page.keyboard.press('Control+z')
  await expect(canvas.node('Structuring, active')).toBeVisible()
  await page.keyboard.press('Control+Shift+z')
  await expect(canvas.node('Structuring, active')).toHaveCount(0)

  // Into the diagram: Tab reaches a node, Enter selects it, Escape clears the selection.
  await page.keyboard.press('Tab')
  await expect(canvas.node('Prober, inactive')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(canvas.panel.getByRole('heading', { name: 'Prober node' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(canvas.panel.getByRole('heading', { name: 'Nothing selected' })).toBeVisible()

  await page.keyboard.press('Control+o')
  await expect(canvas.status).toHaveText(/^Canvas loaded/)
  await expect(canvas.node('Structuring, active')).toBeVisible()
})

test('a selected container is resized by its corner handle, as one undo step, and keeps its size when saved', async ({ page }) => {
  test.setTimeout(60_000)
  await openCanvas(page)
  const errors = watchErrors(page)
  const canvas = editor(page)

  await canvas.add('Pipeline').click()
  await expect(canvas.status).toHaveText('Pipeline added at 24, 24')
  const container = canvas.node('Pipeline container, inactive')
  const size = canvas.panel.getByRole('group', { name: 'Size (px)' })
  await expect(size.getByLabel('Width')).toHaveValue('200')
  await expect(size.getByLabel('Height')).toHaveValue('150')

  // Zoom 1: 100 px right and 60 px down on screen is 100 x 60 on the canvas.
  const corner = await centre(container.locator('.react-flow__resize-control.handle.bottom.right'))
  await page.mouse.move(corner.x, corner.y)
  await page.mouse.down()
  await page.mouse.move(corner.x + 40, corner.y + 20, { steps: 4 })
  await page.mouse.move(corner.x + 100, corner.y + 60, { steps: 6 })
  await page.mouse.up()
  await expect(size.getByLabel('Width')).toHaveValue('300')
  await expect(size.getByLabel('Height')).toHaveValue('210')
  await expect.poll(async () => (await container.boundingBox())?.width).toBeCloseTo(300, 0)
  // Its position is unchanged: the corner handle grows it right and down.
  await expect(canvas.position).toHaveText('24, 24')

  await canvas.toolbar('Undo').click()
  await expect(size.getByLabel('Width')).toHaveValue('200')
  await canvas.toolbar('Redo').click()
  await expect(size.getByLabel('Width')).toHaveValue('300')

  await canvas.diagram.focus()
  await page.keyboard.press('Control+s')
  await expect(canvas.status).toHaveText(/^Canvas saved at /)
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('architecture-canvas') ?? 'null') as unknown))
    .toMatchObject({ nodes: [{ type: 'pipeline', size: { width: 300, height: 210 } }] })
  expect(errors).toEqual([])
})

test('exports the canvas as a JSON file and refuses to import a file that is not a canvas', async ({ page }) => {
  test.setTimeout(60_000)
  await openCanvas(page)
  const canvas = editor(page)
  await canvas.add('Vector Store').click()
  await canvas.add('Pipeline').click()
  await canvas.add('Docker').click()
  await expect(canvas.status).toHaveText('Docker added inside Pipeline')

  const downloading = page.waitForEvent('download')
  await canvas.toolbar('Export').click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^architecture-canvas-\d{4}-\d\d-\d\d\.json$/)
  const path = await download.path()
  const exported = JSON.parse(await readFile(path, 'utf8')) as { format: string; nodes: { type: string; parentId?: string }[] }
  expect(exported.format).toBe('overseer-architecture-canvas')
  expect(exported.nodes.map((node) => node.type)).toEqual(['vectorstore', 'pipeline', 'docker'])

  const input = page.getByLabel('Canvas file to import')
  await input.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": "world"}') })
  await expect(canvas.alert).toHaveText('This file is not an Overseer architecture canvas.')
  await expect(canvas.node('Docker, inactive')).toBeVisible()

  // The exported file comes back as it was.
  await canvas.toolbar('Undo').click()
  await canvas.toolbar('Undo').click()
  await canvas.toolbar('Undo').click()
  await expect(canvas.node('Vector Store, inactive')).toHaveCount(0)
  await input.setInputFiles(path)
  await expect(canvas.status).toHaveText(/^Canvas imported from .+: 3 nodes, 0 connections$/)
  await expect(canvas.node('Docker, inactive')).toBeVisible()
  await expect(canvas.node('Pipeline container, inactive')).toBeVisible()
})

test('the canvas editor passes axe with nodes, a connection and a selection', async ({ page }) => {
  test.setTimeout(60_000)
  await openCanvas(page)
  const canvas = editor(page)
  await canvas.add('Overseer').click()
  await canvas.add('QAGPT').click()
  await canvas.add('Analysis Loop').click()
  await canvas.panel.getByLabel('Status').selectOption('error')
  await canvas.node('QAGPT, inactive').click()
  await canvas.panel.getByLabel('Connect to').selectOption({ label: 'Overseer' })
  await canvas.panel.getByLabel('Layer').selectOption('runtime')
  await canvas.panel.getByRole('button', { name: 'Connect' }).click()
  await expect(page.getByRole('group', { name: 'Runtime connection from QAGPT to Overseer' })).toHaveCount(1)
  await canvas.node('Overseer, inactive').click()
  const results = await analyzeSettled(page, WCAG_TAGS)
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([])
})

test('the keyboard keeps working after Delete: Ctrl+Z brings the node back with its connection, and the saved canvas opens after a reload', async ({ page }) => {
  test.setTimeout(90_000)
  await openCanvas(page)
  const errors = watchErrors(page)
  const canvas = editor(page)

  await canvas.add('Overseer').click()
  await canvas.add('QAGPT').click()
  await expect(canvas.status).toHaveText('QAGPT added at 164, 24')
  await canvas.panel.getByLabel('Connect to').selectOption({ label: 'Overseer' })
  await canvas.panel.getByRole('button', { name: 'Connect' }).click()
  const connection = page.getByRole('group', { name: 'Data Flow connection from QAGPT to Overseer' })
  await expect(connection).toHaveCount(1)

  // A click selects QAGPT (and focuses it); Delete takes it, and its connection, away.
  await canvas.node('QAGPT, inactive').click()
  await expect(canvas.panel.getByRole('heading', { name: 'QAGPT node' })).toBeVisible()
  await page.keyboard.press('Delete')
  await expect(canvas.node('QAGPT, inactive')).toHaveCount(0)
  await expect(connection).toHaveCount(0)
  // The focus did not fall to the page: the diagram has it, so the next keys reach the editor.
  await expect(canvas.diagram).toBeFocused()
  await page.keyboard.press('Control+z')
  await expect(canvas.status).toHaveText('Undone')
  await expect(canvas.node('QAGPT, inactive')).toBeVisible()
  await expect(connection).toHaveCount(1)

  // Undo by the toolbar until there is nothing left to undo: the button goes disabled, the focus stays in the editor.
  await canvas.node('Overseer, inactive').click()
  await page.keyboard.press('Delete')
  await expect(canvas.node('Overseer, inactive')).toHaveCount(0)
  await canvas.toolbar('Undo').click()
  await expect(canvas.node('Overseer, inactive')).toBeVisible()
  await page.keyboard.press('Control+Shift+z')
  await expect(canvas.node('Overseer, inactive')).toHaveCount(0)
  await page.keyboard.press('Control+z')
  await expect(canvas.node('Overseer, inactive')).toBeVisible()
  await expect(connection).toHaveCount(1)

  await page.keyboard.press('Control+s')
  await expect(canvas.status).toHaveText(/^Canvas saved at /)

  // A reload opens the saved canvas, says so, and starts a new undo history.
  await page.reload()
  await showCanvasTab(page)
  await expect(canvas.status).toHaveText(/^Opened the canvas saved on /)
  await expect(canvas.node('Overseer, inactive')).toBeVisible()
  await expect(canvas.node('QAGPT, inactive')).toBeVisible()
  await expect(connection).toHaveCount(1)
  await expect(canvas.toolbar('Undo')).toBeDisabled()

  // Unsaved work survives a reload of the tab; another tab opens the saved canvas.
  await canvas.add('Memory').click()
  await expect(canvas.node('Memory, inactive')).toBeVisible()
  await page.reload()
  await showCanvasTab(page)
  await expect(canvas.status).toHaveText(/^Opened the canvas as you left it, with changes not saved since /)
  await expect(canvas.node('Memory, inactive')).toBeVisible()
  await expect(connection).toHaveCount(1)
  const other = await page.context().newPage()
  await other.goto('/architect')
  await showCanvasTab(other)
  await expect(editor(other).status).toHaveText(/^Opened the canvas saved on /)
  await expect(editor(other).node('QAGPT, inactive')).toBeVisible()
  await expect(editor(other).node('Memory, inactive')).toHaveCount(0)
  expect(errors).toEqual([])
})

/** Two nodes a row for each layer, far enough apart for a long, straight connection between them. */
const LAYER_ROWS = [
  { layer: 'dataflow', name: 'Data Flow', color: [0x25, 0x63, 0xeb], style: 'solid' },
  { layer: 'control', name: 'Control', color: [0x7c, 0x3a, 0xed], style: 'dashed' },
  { layer: 'memory', name: 'Memory', color: [0x04, 0x78, 0x57], style: 'dotted' },
  { layer: 'runtime', name: 'Runtime', color: [0xb4, 0x53, 0x09], style: 'double' },
  { layer: 'security', name: 'Security', color: [0xdc, 0x26, 0x26], style: 'dashed' },
] as const
const ROW_TYPES = [
  ['overseer', 'Overseer', 'devgpt', 'DevGPT'],
  ['qagpt', 'QAGPT', 'prober', 'Prober'],
  ['memory', 'Memory', 'vectorstore', 'Vector Store'],
  ['sandbox', 'Sandbox', 'docker', 'Docker'],
  ['debugger', 'Debugger', 'preview', 'Preview'],
] as const

const layersCanvasFile = () => {
  const lastModified = '2026-11-01T00:00:00.000Z'
  const node = (id: string, type: string, x: number, y: number) => ({ id, type, position: { x, y }, isContainer: false, children: [], metadata: { status: 'active', lastModified } })
  return {
    format: 'overseer-architecture-canvas',
    version: 1,
    timestamp: lastModified,
    nodes: ROW_TYPES.flatMap(([from, , to], row) => [node(`${from}-${row}`, from, 0, row * 110), node(`${to}-${row}`, to, 420, row * 110)]),
    connections: LAYER_ROWS.map(({ layer }, row) => ({ id: `c-${layer}`, from: `${ROW_TYPES[row]![0]}-${row}`, to: `${ROW_TYPES[row]![2]}-${row}`, layer, metadata: '' })),
  }
}

interface StrokeSamples {
  /** Points of the middle of the connection sampled on screen, 1 px apart. */
  points: number
  /** How many of them show the layer's colour (within a pixel of the point). */
  coloured: number
  /** How many show it on both sides of the line, within 3 px, and not on it (a double line's two strokes with their gap). */
  besideOnly: number
  /** The longest run of consecutive points without the colour. */
  longestGap: number
}

/**
 * What a person sees of a connection: a screenshot of the page, read at points along the edge's
 * path (its middle 70%, on screen inside the diagram's box, where no node or panel covers it), for the layer's colour.
 */
const strokeSamples = async (page: Page, label: string, color: readonly [number, number, number]): Promise<StrokeSamples> => {
  const screenshot = (await page.screenshot()).toString('base64')
  return page.evaluate(
    async ({ label, color, screenshot }) => {
      const image = new Image()
      image.src = `data:image/png;base64,${screenshot}`
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = image.width
      canvas.height = image.height
      const context = canvas.getContext('2d', { willReadFrequently: true })
      if (!context) throw new Error('no 2d context')
      context.drawImage(image, 0, 0)
      const scale = image.width / window.innerWidth
      /** Whether the pixel at (x, y), or with `spread` one of its neighbours, is of the colour. */
      const near = (x: number, y: number, spread = 1): boolean => {
        const size = 2 * spread + 1
        const pixels = context.getImageData(Math.round(x * scale) - spread, Math.round(y * scale) - spread, size, size).data
        for (let at = 0; at < pixels.length; at += 4) {
          const distance = Math.hypot(pixels[at]! - color[0], pixels[at + 1]! - color[1], pixels[at + 2]! - color[2])
          if (distance < 60) return true
        }
        return false
      }
      const group = [...document.querySelectorAll('.react-flow__edge')].find((element) => element.getAttribute('aria-label') === label)
      const path = group?.querySelector<SVGPathElement>('path.react-flow__edge-path')
      const matrix = path?.getScreenCTM()
      if (!path || !matrix) throw new Error(`no drawn path for ${label}`)
      const box = document.querySelector('.react-flow')?.getBoundingClientRect()
      if (!box) throw new Error('no diagram')
      // What of the diagram is on screen.
      const diagram = { left: Math.max(0, box.left), right: Math.min(window.innerWidth, box.right), top: Math.max(0, box.top), bottom: Math.min(window.innerHeight, box.bottom) }
      // What covers parts of the diagram (the nodes, the minimap, panels): not where a line can be seen.
      const covers = [...document.querySelectorAll('.react-flow__node, .react-flow__panel, .react-flow__minimap')].map((element) => element.getBoundingClientRect())
      const covered = (x: number, y: number) => covers.some((rect) => x >= rect.left - 4 && x <= rect.right + 4 && y >= rect.top - 4 && y <= rect.bottom + 4)
      const length = path.getTotalLength()
      const result = { points: 0, coloured: 0, besideOnly: 0, longestGap: 0 }
      let gap = 0
      const screenLength = length * matrix.a
      for (let step = 0.15 * screenLength; step <= 0.85 * screenLength; step += 1) {
        const at = step / matrix.a
        const here = path.getPointAtLength(at).matrixTransform(matrix)
        const ahead = path.getPointAtLength(Math.min(length, at + 0.5)).matrixTransform(matrix)
        if (here.x < diagram.left + 4 || here.x > diagram.right - 4 || here.y < diagram.top + 4 || here.y > diagram.bottom - 4 || covered(here.x, here.y)) continue
        const along = Math.hypot(ahead.x - here.x, ahead.y - here.y) || 1
        const [normalX, normalY] = [-(ahead.y - here.y) / along, (ahead.x - here.x) / along]
        result.points += 1
        const on = near(here.x, here.y)
        if (on) {
          result.coloured += 1
          gap = 0
        } else {
          gap += 1
          result.longestGap = Math.max(result.longestGap, gap)
        }
        // Across the line, pixel by pixel: the colour on both sides of a middle without it.
        const across = (side: number) => [1, 1.5, 2, 2.5, 3].some((offset) => near(here.x + side * offset * normalX, here.y + side * offset * normalY, 0))
        if (!near(here.x, here.y, 0) && across(1) && across(-1)) result.besideOnly += 1
      }
      return result
    },
    { label, color, screenshot },
  )
}

/** Each layer's line, read off the screen: its colour along the path, in its style. */
const expectLayersDrawn = async (page: Page, zoom: string, rows: readonly number[] = [0, 1, 2, 3, 4]) => {
  for (const row of rows) {
    const { name, color, style } = LAYER_ROWS[row]!
    const label = `${name} connection from ${ROW_TYPES[row]![1]} to ${ROW_TYPES[row]![3]}`
    const edge = page.getByRole('group', { name: label })
    // Its drawn box has a size (a zero-width SVG draws nothing).
    const box = await edge.locator('path.react-flow__edge-path').boundingBox()
    expect(box?.width, `${label} at ${zoom}`).toBeGreaterThan(50)
    const seen = await strokeSamples(page, label, color)
    const why = `${label} at ${zoom}: ${JSON.stringify(seen)}`
    expect(seen.points, why).toBeGreaterThan(40)
    if (style === 'solid') {
      expect(seen.coloured / seen.points, why).toBeGreaterThan(0.95)
    } else if (style === 'double') {
      // Two strokes with the canvas showing between them.
      expect(seen.besideOnly / seen.points, why).toBeGreaterThan(0.8)
    } else {
      // Dashes or dots: the colour, with gaps of the background between.
      expect(seen.coloured / seen.points, why).toBeGreaterThan(style === 'dashed' ? 0.4 : 0.2)
      expect(seen.coloured / seen.points, why).toBeLessThan(0.85)
      expect(seen.longestGap, why).toBeGreaterThanOrEqual(2)
      expect(seen.longestGap, why).toBeLessThan(10)
    }
  }
}

test('every connection is drawn on screen in its layer colour and line style, at 100%, the smallest and the largest zoom', async ({ page }) => {
  test.setTimeout(90_000)
  // Tall enough for the whole diagram to be on screen under the page's header.
  await page.setViewportSize({ width: 1280, height: 1200 })
  await openCanvas(page)
  const errors = watchErrors(page)
  const canvas = editor(page)
  await page.getByLabel('Canvas file to import').setInputFiles({
    name: 'layers.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(layersCanvasFile())),
  })
  await expect(canvas.status).toHaveText(/^Canvas imported from layers\.json: 10 nodes, 5 connections$/)
  const zoom = page.getByLabel('Zoom level')

  // Fit to view brings the five rows on screen; then 100%.
  await canvas.toolbar('Fit to view').click()
  while (Number.parseInt((await zoom.textContent()) ?? '', 10) < 100) await canvas.toolbar('Zoom in').click()
  while (Number.parseInt((await zoom.textContent()) ?? '', 10) > 100) await canvas.toolbar('Zoom out').click()
  await expect(zoom).toHaveText('100%')
  await expectLayersDrawn(page, '100%')

  // Moving a node redraws its connection where it now is.
  await canvas.node('DevGPT, active').click()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(canvas.position).toHaveText('420, 20')
  await expectLayersDrawn(page, '100% after a move')

  while (await canvas.toolbar('Zoom out').isEnabled()) await canvas.toolbar('Zoom out').click()
  await expect(zoom).toHaveText('50%')
  await expectLayersDrawn(page, '50%')

  // Zoomed in around the middle of the view: the middle row's connection fills it.
  await canvas.toolbar('Fit to view').click()
  while (await canvas.toolbar('Zoom in').isEnabled()) await canvas.toolbar('Zoom in').click()
  await expect(zoom).toHaveText('200%')
  await expectLayersDrawn(page, '200%', [2])
  expect(errors).toEqual([])
})
