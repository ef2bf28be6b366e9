import {
  CANVAS_LIMITS,
  isContainerType,
  isLayerId,
  isNodeStatus,
  isNodeType,
  type ContainerType,
} from '../config/catalog'
import type { CanvasConnection, CanvasNode, SavedCanvas } from '../model/types'
import { isRecord } from '@contracts/check'

/** Marks an exported file as a canvas (stored values and older files may lack it). */
export const CANVAS_FILE_FORMAT = 'overseer-architecture-canvas'

export type ParsedCanvas = { ok: true; canvas: SavedCanvas } | { ok: false; error: string }

const NOT_A_CANVAS = 'This file is not an Overseer architecture canvas.'

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)
const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 100
const isIsoTime = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value))
const clampTo = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

class Invalid extends Error {}
const fail = (message: string): never => {
  throw new Invalid(message)
}

const parseNode = (value: unknown, index: number): CanvasNode => {
  const where = `Node ${index + 1}`
  if (!isRecord(value)) return fail(`${where} is not an object.`)
  const { id, type, position, size, children, parentId, metadata } = value
  if (!isId(id)) return fail(`${where} has no valid id.`)
  if (typeof type !== 'string' || !(isNodeType(type) || isContainerType(type))) return fail(`${where} has an unknown type.`)
  if (!isRecord(position) || !isFiniteNumber(position.x) || !isFiniteNumber(position.y)) return fail(`${where} has no valid position.`)
  const isContainer = isContainerType(type)
  if (value.isContainer !== undefined && value.isContainer !== isContainer) return fail(`${where} says it is a container and is not, or the other way round.`)
  let parsedSize: CanvasNode['size']
  if (size !== undefined) {
    if (!isRecord(size) || !isFiniteNumber(size.width) || !isFiniteNumber(size.height) || size.width <= 0 || size.height <= 0) {
      return fail(`${where} has an invalid size.`)
    }
    parsedSize = { width: Math.min(size.width, 4000), height: Math.min(size.height, 4000) }
  }
  if (children !== undefined && (!Array.isArray(children) || !children.every(isId))) return fail(`${where} has invalid children.`)
  if (parentId !== undefined && !isId(parentId)) return fail(`${where} has an invalid container.`)
  if (!isRecord(metadata)) return fail(`${where} has no metadata.`)
  const { status, notes, lastModified, containerType } = metadata
  if (typeof status !== 'string' || !isNodeStatus(status)) return fail(`${where} has an unknown status.`)
  if (notes !== undefined && typeof notes !== 'string') return fail(`${where} has invalid notes.`)
  if (!isIsoTime(lastModified)) return fail(`${where} has no valid last-modified time.`)
  if (containerType !== undefined && (typeof containerType !== 'string' || !isContainerType(containerType) || !isContainer)) {
    return fail(`${where} has an invalid container type.`)
  }
  const { min, max } = CANVAS_LIMITS.position
  return {
    id,
    type,
    position: { x: clampTo(position.x, min, max), y: clampTo(position.y, min, max) },
    ...(parsedSize ? { size: parsedSize } : {}),
    isContainer,
    children: isContainer && Array.isArray(children) ? [...(children as string[])] : [],
    ...(parentId !== undefined ? { parentId: parentId as string } : {}),
    metadata: {
      status,
      notes: (notes ?? '').slice(0, CANVAS_LIMITS.text),
      lastModified,
      ...(isContainer ? { containerType: (containerType as ContainerType | undefined) ?? (type as ContainerType) } : {}),
    },
  }
}

const parseConnection = (value: unknown, index: number, nodeIds: Set<string>): CanvasConnection => {
  const where = `Connection ${index + 1}`
  if (!isRecord(value)) return fail(`${where} is not an object.`)
  const { id, from, to, layer, metadata } = value
  if (!isId(id)) return fail(`${where} has no valid id.`)
  if (!isId(from) || !isId(to) || !nodeIds.has(from) || !nodeIds.has(to)) return fail(`${where} joins a node that is not on the canvas.`)
  if (from === to) return fail(`${where} joins a node to itself.`)
  if (typeof layer !== 'string' || !isLayerId(layer)) return fail(`${where} has an unknown layer.`)
  const description = isRecord(metadata) && typeof metadata.description === 'string' ? metadata.description : ''
  return { id, from, to, layer, metadata: { description: description.slice(0, CANVAS_LIMITS.text) } }
}

/**
 * Checks a saved or imported canvas (parsed JSON) from end to end: known types, statuses and
 * layers, positions in range, unique ids, containers and children that agree, connections between
 * existing nodes with no self or duplicate connections. Anything else is refused with a reason;
 * the caller leaves the canvas as it was.
 */
export const parseSavedCanvas = (value: unknown): ParsedCanvas => {
  if (!isRecord(value) || !Array.isArray(value.nodes) || !Array.isArray(value.connections)) return { ok: false, error: NOT_A_CANVAS }
  if (value.format !== undefined && value.format !== CANVAS_FILE_FORMAT) return { ok: false, error: NOT_A_CANVAS }
  try {
    if (value.nodes.length > CANVAS_LIMITS.maxNodes) fail(`A canvas holds at most ${CANVAS_LIMITS.maxNodes} nodes.`)
    if (value.connections.length > CANVAS_LIMITS.maxConnections) fail(`A canvas holds at most ${CANVAS_LIMITS.maxConnections} connections.`)
    const nodes = value.nodes.map(parseNode)
    const byId = new Map<string, CanvasNode>()
    for (const node of nodes) {
      if (byId.has(node.id)) fail(`Two nodes share the id '${node.id}'.`)
      byId.set(node.id, node)
    }
    for (const node of nodes) {
      if (node.parentId !== undefined) {
        const parent = byId.get(node.parentId)
        if (!parent?.isContainer || !parent.children.includes(node.id)) fail(`Node '${node.id}' is in a container that does not hold it.`)
      }
      for (const child of node.children) {
        if (byId.get(child)?.parentId !== node.id) fail(`Container '${node.id}' lists a node that is not inside it.`)
      }
    }
    const nodeIds = new Set(byId.keys())
    const connections = value.connections.map((connection, index) => parseConnection(connection, index, nodeIds))
    const connectionIds = new Set<string>()
    const pairs = new Set<string>()
    for (const connection of connections) {
      if (connectionIds.has(connection.id)) fail(`Two connections share the id '${connection.id}'.`)
      connectionIds.add(connection.id)
      const pair = [connection.from, connection.to].sort().join('\u0000')
      if (pairs.has(pair)) fail(`Two connections join '${connection.from}' and '${connection.to}'.`)
      pairs.add(pair)
    }
    const timestamp = isIsoTime(value.timestamp) ? new Date(value.timestamp).toISOString() : new Date(0).toISOString()
    return { ok: true, canvas: { nodes, connections, timestamp } }
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, error: `${NOT_A_CANVAS} ${error.message}` }
    throw error
  }
}

/** The text of an exported file. */
export const serializeCanvas = (canvas: SavedCanvas): string =>
  JSON.stringify({ format: CANVAS_FILE_FORMAT, version: 1, ...canvas }, null, 2)
