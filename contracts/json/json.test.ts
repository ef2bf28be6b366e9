import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Check } from 'typebox/value'
import { fits } from '../check'
import { JSON_CONTRACTS, jsonContractFiles, plainSchema } from '.'

describe('the generated JSON contracts', () => {
  it.each(Object.entries(jsonContractFiles()))('contracts/json/%s matches its TypeBox definitions (else run `npm run contracts`)', (file, text) => {
    expect(readFileSync(join(__dirname, file), 'utf8')).toBe(text)
  })

  it('checks as the TypeBox definition does', () => {
    const { HistoryPage, ModelList } = JSON_CONTRACTS.chat
    const item = {
      id: '00000000-0000-4000-8000-000000000001',
      date: '2025-05-10T12:00:00.000Z',
      createdAt: '2025-05-10T12:00:00.000Z',
      status: 'completed',
      title: 'Question',
      messageCount: 2,
      messages: [{ role: 'user', content: 'Question' }],
      response: 'Answer',
      model: 'overseer-local',
      stopped: false,
    }
    const page = { success: true, data: [item], pagination: { page: 1, pages: 1, total: 1, limit: 5 } }
    const model = { description: 'd', costPer1kTokens: null, capabilities: ['chat'], provider: 'p', source: 'local' }
    const cases: [unknown, unknown][] = [
      [HistoryPage, page],
      [HistoryPage, { ...page, data: [{ ...item, status: 'lost' }] }],
      [HistoryPage, { ...page, pagination: { page: 1 } }],
      [ModelList, { success: true, data: { models: { a: model }, currentOverseerModel: 'a' } }],
      [ModelList, { success: true, data: { models: { a: { ...model, capabilities: 'chat' } }, currentOverseerModel: 'a' } }],
      [ModelList, { success: true }],
    ]
    for (const [schema, value] of cases) expect([value, fits(plainSchema(schema), value)]).toEqual([value, Check(schema as never, value)])
  })
})
