import * as Type from 'typebox/type'
import { Check } from 'typebox/value'
import { fits } from './check'
import { ChatDoneEvent, ProgressEvent, SubscribeResult } from './socket'

const Sample = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 10 }),
  name: Type.String({ minLength: 1, maxLength: 5, pattern: '^[a-z]+$' }),
  tags: Type.Array(Type.String()),
  note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  kind: Type.Union([Type.Literal('a'), Type.Literal('b')]),
  done: Type.Boolean(),
})

const Prices = Type.Object({ currency: Type.String() }, { additionalProperties: Type.Number({ minimum: 0, maximum: 100 }) })

const valid = { id: 3, name: 'ada', tags: ['x'], kind: 'a', done: false }

describe('fits', () => {
  it.each([
    [Sample, valid],
    [Sample, { ...valid, note: null }],
    [Sample, { ...valid, note: 'n', extra: 1 }],
    [Sample, { ...valid, id: 0 }],
    [Sample, { ...valid, id: 2.5 }],
    [Sample, { ...valid, name: 'Ada' }],
    [Sample, { ...valid, name: 'adalovelace' }],
    [Sample, { ...valid, tags: [1] }],
    [Sample, { ...valid, kind: 'c' }],
    [Sample, { ...valid, done: 'no' }],
    [Sample, { id: 3 }],
    [Sample, null],
    [Sample, [valid]],
    [ProgressEvent, { sessionId: 's', stage: 'x', message: 'm', percentage: Number.NaN }],
    [ProgressEvent, { sessionId: 's', stage: 'x', message: 'm', percentage: 50 }],
    [ChatDoneEvent, { sessionId: 's', conversationId: 'c', status: 'completed', stopped: false }],
    [ChatDoneEvent, { sessionId: 's', conversationId: 'c', status: 'stopped', stopped: false }],
    [SubscribeResult, { ok: false, message: 'no' }],
    [SubscribeResult, { ok: false }],
    [Prices, { currency: 'USD', apple: 1, pear: 2.5 }],
    [Prices, { currency: 'USD' }],
    [Prices, { currency: 'USD', apple: 'cheap' }],
    [Prices, { currency: 'USD', apple: 101 }],
  ])('agrees with TypeBox on %#', (schema, value) => {
    expect(fits(schema, value)).toBe(Check(schema, value))
  })

  it('refuses a schema it cannot read', () => {
    expect(fits({ type: 'bigint' }, 1)).toBe(false)
  })
})
