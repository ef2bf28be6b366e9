import { csvCell, toCsv } from '../../src/leads/csv'

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['with, comma', '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [' padded ', '" padded "'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+33 1 23', "'+33 1 23"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tsneaky', "'\tsneaky"],
    ['=1,2', `"'=1,2"`],
    ['', ''],
  ])('writes %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })

  it('writes numbers as they are and nothing for a missing value', () => {
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
  })
})

describe('toCsv', () => {
  it('writes a byte-order mark, a header and CRLF-terminated rows', () => {
    expect(toCsv(['A', 'B'], [['1', 'x,y'], [2, null]])).toBe('\uFEFFA,B\r\n1,"x,y"\r\n2,\r\n')
  })
})
