/** The worker thread of `sampleTreeMemory`: samples a process tree's memory until told to stop, then posts the peaks. */
import { parentPort, workerData } from 'node:worker_threads'
import { treeMemory, type MemoryPeaks } from './builds'

const { pid, everyMs } = workerData as { pid: number; everyMs: number }
const peaks: MemoryPeaks = { samples: 0, ownRssPeakBytes: 0, treeRssPeakBytes: 0, treePssPeakBytes: 0, descendantsPeak: 0 }

const sample = (): void => {
  try {
    const memory = treeMemory(pid)
    peaks.samples += 1
    peaks.ownRssPeakBytes = Math.max(peaks.ownRssPeakBytes, memory.ownRssBytes)
    peaks.treeRssPeakBytes = Math.max(peaks.treeRssPeakBytes, memory.ownRssBytes + memory.descendantsRssBytes)
    peaks.treePssPeakBytes = Math.max(peaks.treePssPeakBytes, memory.treePssBytes)
    peaks.descendantsPeak = Math.max(peaks.descendantsPeak, memory.descendants)
  } catch (error) {
    peaks.error ??= error instanceof Error ? error.message : String(error)
  }
}

sample()
const timer = setInterval(sample, everyMs)
parentPort?.once('message', () => {
  clearInterval(timer)
  sample()
  parentPort?.postMessage(peaks)
})
