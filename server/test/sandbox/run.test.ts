import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { descendants, treeResidentBytes } from '../../src/sandbox/run'

/**
 * The process tree a sandboxed run is measured by: every process below its root, read from the
 * kernel's children lists, or from the whole of /proc where the kernel keeps none.
 */
describe("a run's process tree", () => {
  it('finds children and grandchildren, the same both ways, and sums their memory', async () => {
    // A shell that starts a shell that starts a sleep, and a sleep of its own.
    const root = spawn('sh', ['-c', 'sh -c "sleep 30; true" & sleep 30; wait'], { stdio: 'ignore', detached: true })
    try {
      const pid = root.pid as number
      const deadline = Date.now() + 10_000
      let tree = descendants(pid)
      while (tree.length < 3 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        tree = descendants(pid)
      }
      expect(tree).toHaveLength(3)
      expect([...descendants(pid, false)].sort()).toEqual([...tree].sort())
      expect(treeResidentBytes(pid)).toBeGreaterThan(treeResidentBytes(tree[tree.length - 1] as number))
      expect(descendants(2 ** 22 + 1)).toEqual([])
    } finally {
      const exited = once(root, 'exit')
      // The shell's own process group: the whole tree goes.
      process.kill(-(root.pid as number), 'SIGKILL')
      await exited
    }
  })
})
