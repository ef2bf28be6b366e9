import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import {
  CONTAINER_TYPES,
  NODE_TYPES,
  canvasFlushed,
  connectionAdded,
  initialCanvasState,
  nodeAdded,
  selectCanvas,
  selectionChanged,
  serializeCanvas,
  type CanvasState,
} from '@/entities/canvas'
import { selectFlowEdges } from '../model/flowElements'
import { CanvasEditor } from './CanvasEditor'

/** The stores of the test: what they have yet to write is written before the next test starts. */
const stores: AppStore[] = []

const renderEditor = (canvas: Partial<CanvasState> = {}) => {
  const utils = renderWithProviders(<CanvasEditor />, { preloadedState: { canvas: { ...initialCanvasState, ...canvas } } })
  stores.push(utils.store)
  return { ...utils, user: userEvent.setup(), canvas: () => selectCanvas(utils.store.getState()) }
}

beforeEach(() => window.sessionStorage.clear())
afterEach(async () => {
  for (const store of stores.splice(0)) await store.dispatch(canvasFlushed())
})

const palette = () => screen.getByRole('navigation', { name: 'Add a node' })
const panel = () => screen.getByRole('region', { name: 'Selection' })
const diagram = () => screen.getByRole('region', { name: 'Diagram' })
const status = () => screen.getByTestId('canvas-status')

/** Two nodes joined by a control connection, added through the slice's own actions. */
const twoConnectedNodes = (store: AppStore) => {
  const ids = { a: '', b: '', c: '' }
  act(() => {
    ids.a = store.dispatch(nodeAdded({ type: 'overseer', position: { x: 40, y: 40 } })).payload.id
    ids.b = store.dispatch(nodeAdded({ type: 'devgpt', position: { x: 300, y: 40 } })).payload.id
    ids.c = store.dispatch(connectionAdded({ from: ids.a, to: ids.b, layer: 'control' })).payload.id
  })
  return ids
}

describe('CanvasEditor palette', () => {
  it('offers the thirteen node types and three containers, each with its own icon', () => {
    renderEditor()
    const buttons = within(palette()).getAllByRole('button')
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Overseer',
      'DevGPT',
      'QAGPT',
      'MarketGPT',
      'Prober',
      'Structuring',
      'Sandbox',
      'Docker',
      'Fragmenter',
      'Debugger',
      'Memory',
      'Vector Store',
      'Preview',
      'Analysis Loop',
      'DevLoop Matrix',
      'Pipeline',
    ])
    const icons = buttons.map((button) => button.querySelector('svg'))
    expect(icons.map((icon) => icon?.getAttribute('data-icon'))).toEqual([...NODE_TYPES, ...CONTAINER_TYPES])
    expect(new Set(icons.map((icon) => icon?.querySelector('path')?.getAttribute('d'))).size).toBe(16)
    icons.forEach((icon) => expect(icon).toHaveAttribute('aria-hidden', 'true'))
  })

  it('adds an inactive node at a free spot, selects it and draws it with its icon and label', async () => {
    const { user, canvas } = renderEditor()
    await user.click(within(palette()).getByRole('button', { name: 'Overseer' }))
    await user.click(within(palette()).getByRole('button', { name: 'QAGPT' }))
    const [first, second] = canvas().nodes
    expect(first).toMatchObject({ type: 'overseer', position: { x: 24, y: 24 }, size: { width: 120, height: 80 }, metadata: { status: 'inactive' } })
    // The second goes beside the first, not on top of it.
    expect(second).toMatchObject({ type: 'qagpt', position: { x: 164, y: 24 } })
    expect(status()).toHaveTextContent('QAGPT added at 164, 24')
    expect(canvas().selection).toEqual({ kind: 'node', id: second?.id })
    const node = await screen.findByRole('group', { name: 'QAGPT, inactive' })
    expect(node.querySelector('[data-icon="qagpt"]')).toBeInTheDocument()
    expect(within(node).getByText('QAGPT')).toBeInTheDocument()
    expect(within(panel()).getByRole('heading', { name: 'QAGPT node' })).toBeInTheDocument()
  })

  it('puts a plain node inside the selected container, and a container never inside one', async () => {
    const { user, canvas } = renderEditor()
    await user.click(within(palette()).getByRole('button', { name: 'DevLoop Matrix' }))
    const container = canvas().nodes[0]
    expect(container).toMatchObject({ type: 'devloop', isContainer: true, size: { width: 200, height: 150 } })
    await user.click(within(palette()).getByRole('button', { name: 'Debugger' }))
    const child = canvas().nodes[1]
    expect(child).toMatchObject({ type: 'debugger', parentId: container?.id })
    expect(canvas().nodes[0]?.children).toEqual([child?.id])
    expect(status()).toHaveTextContent('Debugger added inside DevLoop Matrix')
    expect(within(panel()).getByText(/in DevLoop Matrix/)).toBeInTheDocument()

    await user.click(within(palette()).getByRole('button', { name: 'Pipeline' }))
    expect(canvas().nodes[2]).toMatchObject({ type: 'pipeline' })
    expect(canvas().nodes[2]?.parentId).toBeUndefined()
  })
})

describe('CanvasEditor side panel', () => {
  it('edits the selected node: status, notes (kept when the field is left) and shows when it last changed', async () => {
    const { user, canvas, store } = renderEditor()
    const { a } = twoConnectedNodes(store)
    act(() => {
      store.dispatch(selectionChanged({ kind: 'node', id: a }))
    })
    expect(within(panel()).getByRole('heading', { name: 'Overseer node' })).toBeInTheDocument()
    expect(within(panel()).queryByLabelText('Container type')).not.toBeInTheDocument()
    expect(within(panel()).getByTestId('node-position')).toHaveTextContent('40, 40')

    await user.selectOptions(within(panel()).getByLabelText('Status'), 'Active')
    expect(canvas().nodes[0]?.metadata.status).toBe('active')
    const drawn = await screen.findByRole('group', { name: 'Overseer, active' })
    expect(drawn.querySelector('[data-kind="overseer"]')).toHaveAttribute('data-status', 'active')
    // The status dot (decorative: the node's name says the status).
    expect(drawn.querySelector('span[data-status="active"][aria-hidden="true"]')).toBeInTheDocument()

    await user.selectOptions(within(panel()).getByLabelText('Status'), 'Error')
    expect(canvas().nodes[0]?.metadata.status).toBe('error')

    const notes = within(panel()).getByLabelText('Notes')
    await user.type(notes, 'Routes work')
    expect(canvas().nodes[0]?.metadata.notes).toBe('')
    const pastBefore = canvas().past.length
    await user.tab()
    expect(canvas().nodes[0]?.metadata.notes).toBe('Routes work')
    expect(canvas().past.length).toBe(pastBefore + 1)
    const time = panel().querySelector('time')
    expect(time).toHaveAttribute('dateTime', canvas().nodes[0]?.metadata.lastModified)
  })

  it('changes a container type, and connects the selected node to another one through the panel', async () => {
    const { user, canvas } = renderEditor()
    await user.click(within(palette()).getByRole('button', { name: 'Memory' }))
    await user.click(within(palette()).getByRole('button', { name: 'Analysis Loop' }))
    await user.selectOptions(within(panel()).getByLabelText('Container type'), 'pipeline')
    expect(canvas().nodes[1]?.metadata.containerType).toBe('pipeline')
    expect(within(panel()).getByRole('heading', { name: 'Pipeline container' })).toBeInTheDocument()

    await user.selectOptions(within(panel()).getByLabelText('Connect to'), 'Memory')
    await user.selectOptions(within(panel()).getByLabelText('Layer'), 'Security')
    await user.click(within(panel()).getByRole('button', { name: 'Connect' }))
    expect(canvas().connections).toEqual([
      expect.objectContaining({ from: canvas().nodes[1]?.id, to: canvas().nodes[0]?.id, layer: 'security' }),
    ])
    // The same pair again (either way round) is ignored by the slice.
    await user.click(within(panel()).getByRole('button', { name: 'Connect' }))
    expect(canvas().connections).toHaveLength(1)
  })

  it('sizes the selected container from the panel: kept on Enter or when the field is left, clamped, one undo step each', async () => {
    const { user, canvas } = renderEditor()
    await user.click(within(palette()).getByRole('button', { name: 'DevLoop Matrix' }))
    const size = within(panel()).getByRole('group', { name: 'Size (px)' })
    expect(size).toHaveAccessibleDescription(/^From 160 x 120 to 1600 x 1600, never smaller than what it holds\./)
    const width = within(size).getByLabelText('Width')
    const height = within(size).getByLabelText('Height')
    expect(width).toHaveValue(200)
    expect(height).toHaveValue(150)

    await user.clear(width)
    await user.type(width, '420{Enter}')
    expect(canvas().nodes[0]?.size).toEqual({ width: 420, height: 150 })
    await user.clear(height)
    await user.type(height, '5')
    await user.tab()
    // Below the minimum: the slice keeps 120 and the field shows it.
    expect(canvas().nodes[0]?.size).toEqual({ width: 420, height: 120 })
    expect(height).toHaveValue(120)
    // Escape goes back to the size kept.
    await user.clear(width)
    await user.type(width, '999{Escape}')
    expect(width).toHaveValue(420)
    expect(canvas().nodes[0]?.size).toEqual({ width: 420, height: 120 })

    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(canvas().nodes[0]?.size).toEqual({ width: 420, height: 150 })
    // A plain node has no size fields.
    await user.click(within(palette()).getByRole('button', { name: 'Memory' }))
    expect(within(panel()).queryByRole('group', { name: 'Size (px)' })).not.toBeInTheDocument()
  })

  it('edits the selected connection: layer and description', async () => {
    const { user, canvas, store } = renderEditor()
    const { c } = twoConnectedNodes(store)
    act(() => {
      store.dispatch(selectionChanged({ kind: 'connection', id: c }))
    })
    expect(within(panel()).getByRole('heading', { name: 'Connection' })).toBeInTheDocument()
    expect(within(panel()).getByText('From Overseer to DevGPT')).toBeInTheDocument()
    expect(within(panel()).getByLabelText('Layer')).toHaveValue('control')
    await user.selectOptions(within(panel()).getByLabelText('Layer'), 'runtime')
    await user.type(within(panel()).getByLabelText('Description'), 'Hands over builds')
    await user.tab()
    expect(canvas().connections[0]).toMatchObject({ layer: 'runtime', metadata: { description: 'Hands over builds' } })
    await user.click(within(panel()).getByRole('button', { name: 'Delete connection' }))
    expect(canvas().connections).toEqual([])
    expect(within(panel()).getByRole('heading', { name: 'Nothing selected' })).toBeInTheDocument()
  })
})

describe('CanvasEditor legend', () => {
  it('lists the five layers and hides or shows each one with a pressed toggle', async () => {
    const { user, canvas, store } = renderEditor()
    twoConnectedNodes(store)
    const legend = screen.getByRole('region', { name: 'Layers' })
    const toggles = within(legend).getAllByRole('button')
    expect(toggles.map((toggle) => toggle.textContent)).toEqual(['Data Flow', 'Control', 'Memory', 'Runtime', 'Security'])
    toggles.forEach((toggle) => expect(toggle).toHaveAttribute('aria-pressed', 'true'))
    expect(within(legend).getAllByText(/^(solid|dashed|dotted|double)$/).map((style) => style.textContent)).toEqual([
      'solid',
      'dashed',
      'dotted',
      'double',
      'dashed',
    ])
    expect(selectFlowEdges(store.getState())).toHaveLength(1)

    await user.click(within(legend).getByRole('button', { name: 'Control' }))
    expect(within(legend).getByRole('button', { name: 'Control' })).toHaveAttribute('aria-pressed', 'false')
    expect(canvas().hiddenLayers).toEqual(['control'])
    expect(selectFlowEdges(store.getState())).toEqual([])
    // Hidden, not removed.
    expect(canvas().connections).toHaveLength(1)

    await user.click(within(legend).getByRole('button', { name: 'Control' }))
    expect(within(legend).getByRole('button', { name: 'Control' })).toHaveAttribute('aria-pressed', 'true')
    expect(selectFlowEdges(store.getState())).toHaveLength(1)
  })
})

describe('CanvasEditor keyboard', () => {
  it('moves the selected node with the arrows, deletes it with Delete and undoes and redoes', async () => {
    const { user, canvas, store } = renderEditor()
    const { a, b } = twoConnectedNodes(store)
    act(() => {
      store.dispatch(selectionChanged({ kind: 'node', id: a }))
    })
    diagram().focus()
    await user.keyboard('{ArrowRight}{ArrowDown}')
    expect(canvas().nodes[0]?.position).toEqual({ x: 50, y: 50 })
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}')
    expect(canvas().nodes[0]?.position).toEqual({ x: 100, y: 50 })
    expect(within(panel()).getByTestId('node-position')).toHaveTextContent('100, 50')

    await user.keyboard('{Delete}')
    expect(canvas().nodes.map((node) => node.id)).toEqual([b])
    expect(canvas().connections).toEqual([])
    expect(status()).toHaveTextContent('Node deleted with its connections')
    expect(diagram()).toHaveFocus()

    await user.keyboard('{Control>}z{/Control}')
    expect(canvas().nodes.map((node) => node.id)).toEqual([a, b])
    expect(canvas().connections).toHaveLength(1)
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}')
    expect(canvas().nodes.map((node) => node.id)).toEqual([b])
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(canvas().nodes).toHaveLength(2)
  })

  it('keeps the focus in the editor when Delete takes the focused node away, so that Ctrl+Z still works', async () => {
    const { user, canvas, store } = renderEditor()
    const { a, b } = twoConnectedNodes(store)
    const node = await screen.findByRole('group', { name: 'Overseer, inactive' })
    act(() => {
      node.focus()
      store.dispatch(selectionChanged({ kind: 'node', id: a }))
    })
    expect(node).toHaveFocus()

    await user.keyboard('{Delete}')
    expect(canvas().nodes.map((candidate) => candidate.id)).toEqual([b])
    await waitFor(() => expect(diagram()).toHaveFocus())
    await user.keyboard('{Control>}z{/Control}')
    expect(canvas().nodes.map((candidate) => candidate.id)).toEqual([a, b])
    expect(canvas().connections).toHaveLength(1)
  })

  it('keeps the focus in the editor when Escape clears the selection under the focused panel field', async () => {
    const { user, canvas, store } = renderEditor()
    const { a } = twoConnectedNodes(store)
    act(() => {
      store.dispatch(selectionChanged({ kind: 'node', id: a }))
    })
    within(panel()).getByLabelText('Status').focus()
    await user.keyboard('{Escape}')
    expect(canvas().selection).toBeNull()
    await waitFor(() => expect(diagram()).toHaveFocus())
  })

  it('gives the focus to the diagram when the Undo button it was on is disabled', async () => {
    const { user, canvas } = renderEditor()
    await user.click(within(palette()).getByRole('button', { name: 'Memory' }))
    const undo = screen.getByRole('button', { name: 'Undo' })
    await user.click(undo)
    expect(canvas().nodes).toEqual([])
    expect(undo).toBeDisabled()
    await waitFor(() => expect(diagram()).toHaveFocus())
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}')
    expect(canvas().nodes).toHaveLength(1)
  })

  it('clears the selection with Escape', async () => {
    const { user, canvas, store } = renderEditor()
    const { c } = twoConnectedNodes(store)
    act(() => {
      store.dispatch(selectionChanged({ kind: 'connection', id: c }))
    })
    diagram().focus()
    await user.keyboard('{Escape}')
    expect(canvas().selection).toBeNull()
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled()
  })

  it('saves with Ctrl+S and loads the saved canvas back with Ctrl+O, saying so', async () => {
    const { user, canvas, store } = renderEditor()
    twoConnectedNodes(store)
    diagram().focus()
    await user.keyboard('{Control>}o{/Control}')
    expect(status()).toHaveTextContent('Nothing saved yet')

    await user.keyboard('{Control>}s{/Control}')
    const saved = canvas().saved
    expect(saved?.nodes).toEqual(canvas().nodes)
    expect(status()).toHaveTextContent(/^Canvas saved at \d\d:\d\d:\d\d/)

    await user.click(within(palette()).getByRole('button', { name: 'Docker' }))
    expect(canvas().nodes).toHaveLength(3)
    await user.keyboard('{Control>}o{/Control}')
    expect(canvas().nodes).toEqual(saved?.nodes)
    expect(status()).toHaveTextContent(/^Canvas loaded \(saved at /)
  })

  it('commits the notes being typed before saving with Ctrl+S', async () => {
    const { user, canvas } = renderEditor()
    await user.click(within(palette()).getByRole('button', { name: 'Prober' }))
    await user.type(within(panel()).getByLabelText('Notes'), 'Asks first')
    await user.keyboard('{Control>}s{/Control}')
    expect(canvas().saved?.nodes[0]?.metadata.notes).toBe('Asks first')
  })

  it('opens the last saved canvas with the editor and says so politely', async () => {
    const timestamp = '2026-03-14T15:09:26.000Z'
    const node = { id: 'n1', type: 'overseer', position: { x: 40, y: 40 }, isContainer: false, children: [], metadata: { status: 'active', notes: '', lastModified: timestamp } }
    window.localStorage.setItem('architecture-canvas', JSON.stringify({ nodes: [node], connections: [], timestamp }))
    const { canvas } = renderEditor()
    expect(await screen.findByRole('group', { name: 'Overseer, active' })).toBeInTheDocument()
    const date = new Date(timestamp).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
    await waitFor(() => expect(status()).toHaveTextContent(`Opened the canvas saved on ${date}`))
    expect(canvas().nodes.map((opened) => opened.id)).toEqual(['n1'])
    // The history of this page starts here: nothing to undo.
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled()
  })

  it('says at once when the stored canvas cannot be read', async () => {
    window.localStorage.setItem('architecture-canvas', '{nodes:')
    renderEditor()
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The saved canvas is not valid JSON and was ignored.'))
  })

  it('says why the stored canvas cannot be loaded', async () => {
    const problem = 'The saved canvas is not valid JSON and was ignored.'
    const { user } = renderEditor({ savedProblem: problem })
    await user.click(screen.getByRole('button', { name: 'Load' }))
    expect(screen.getByRole('alert')).toHaveTextContent(problem)
  })
})

describe('CanvasEditor import', () => {
  const fileInput = () => screen.getByLabelText('Canvas file to import')

  it('refuses a file that is not a canvas, says why and leaves the canvas as it was', async () => {
    const { user, canvas, store } = renderEditor()
    twoConnectedNodes(store)
    const before = canvas()
    await user.upload(fileInput(), new File(['{"nodes": ['], 'broken.json', { type: 'application/json' }))
    expect(await screen.findByText('This file is not an Overseer architecture canvas: it is not JSON.')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('not JSON')

    const foreign = JSON.stringify({ nodes: [{ id: 'n1', type: 'toaster', position: { x: 0, y: 0 }, metadata: {} }], connections: [] })
    await user.upload(fileInput(), new File([foreign], 'foreign.json', { type: 'application/json' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not an Overseer architecture canvas. Node 1 has an unknown type.')
    expect(canvas().nodes).toBe(before.nodes)
    expect(canvas().connections).toBe(before.connections)
    expect(canvas().past).toBe(before.past)
  })

  it('refuses a file over 2 MB without reading it', async () => {
    const { user, canvas } = renderEditor()
    const big = new File(['x'.repeat(2 * 1024 * 1024 + 1)], 'huge.json', { type: 'application/json' })
    await user.upload(fileInput(), big)
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is 2.0 MB; a canvas file may be at most 2 MB. Nothing was imported.')
    expect(canvas().nodes).toEqual([])
  })

  it('imports an exported canvas as one undoable step', async () => {
    const source = renderEditor()
    const { a, b } = twoConnectedNodes(source.store)
    const { nodes, connections } = source.canvas()
    const text = serializeCanvas({ nodes, connections, timestamp: '2026-11-23T15:00:00.000Z' })
    source.unmount()

    const { user, canvas } = renderEditor()
    await user.upload(fileInput(), new File([text], 'architecture-canvas-2026-11-23.json', { type: 'application/json' }))
    await waitFor(() => expect(canvas().nodes.map((node) => node.id)).toEqual([a, b]))
    expect(canvas().connections).toEqual(connections)
    expect(status()).toHaveTextContent('Canvas imported from architecture-canvas-2026-11-23.json: 2 nodes, 1 connections')
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(canvas().nodes).toEqual([])
  })
})

describe('CanvasEditor toolbar', () => {
  it('zooms in steps of 0.1 within 0.5..2 and disables what cannot be done', async () => {
    const { user, canvas } = renderEditor()
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled()
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' })
    for (let step = 0; step < 5; step += 1) await user.click(zoomOut)
    expect(canvas().viewport.zoom).toBe(0.5)
    expect(zoomOut).toBeDisabled()
    expect(screen.getByLabelText('Zoom level')).toHaveTextContent('50%')
    await user.click(screen.getByRole('button', { name: 'Zoom in' }))
    expect(canvas().viewport.zoom).toBe(0.6)
    await user.click(screen.getByRole('button', { name: 'Fit to view' }))
    expect(canvas().viewport).toEqual({ x: 0, y: 0, zoom: 1 })
  })
})
