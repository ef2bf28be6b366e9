/** Writes the JSON form of the contracts the SPA checks on first paint (contracts/json/*.json). */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { jsonContractFiles } from '../contracts/json'

const dir = join(import.meta.dirname, '..', 'contracts', 'json')
for (const [file, text] of Object.entries(jsonContractFiles())) {
  writeFileSync(join(dir, file), text)
  console.log(`wrote contracts/json/${file}`)
}
