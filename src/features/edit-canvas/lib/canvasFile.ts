import { parseSavedCanvas, type ParsedCanvas } from '@/entities/canvas'

/** The largest canvas file an import reads (a full canvas of 2,000 nodes is well under it). */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024

/** `architecture-canvas-2026-11-23.json` for a file exported on that (local) day. */
export const exportFileName = (at: Date): string => {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `architecture-canvas-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}.json`
}

/** Reads and checks a canvas file; the reason it is refused otherwise, in words for the person who chose it. */
export const readCanvasFile = async (file: Blob): Promise<ParsedCanvas> => {
  if (file.size > MAX_IMPORT_BYTES) {
    const megabytes = (file.size / (1024 * 1024)).toFixed(1)
    return { ok: false, error: `This file is ${megabytes} MB; a canvas file may be at most 2 MB. Nothing was imported.` }
  }
  let text: string
  try {
    text = await file.text()
  } catch {
    return { ok: false, error: 'The file could not be read. Nothing was imported.' }
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, error: 'This file is not an Overseer architecture canvas: it is not JSON.' }
  }
  return parseSavedCanvas(value)
}

/** Hands `text` to the browser as a download called `name`. */
export const downloadText = (text: string, name: string, type = 'application/json') => {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked once the browser has had time to start the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
