import { expect, test } from 'vitest'
import { onColour } from './colour'

test('white text stays on a dark enough colour', () => {
  expect(onColour('#0958d9')).toEqual({ background: '#0958d9', color: '#ffffff' })
  expect(onColour('#ad4e00')).toEqual({ background: '#ad4e00', color: '#ffffff' })
})

test('a colour white text cannot be read on gets black text (#1677ff gives white 4.1:1)', () => {
  expect(onColour('#1677ff')).toEqual({ background: '#1677ff', color: '#000000' })
  expect(onColour('#ff7a00')).toEqual({ background: '#ff7a00', color: '#000000' })
  expect(onColour('#FFF')).toEqual({ background: '#FFF', color: '#000000' })
})

test('no colour keeps the stylesheet; a colour it cannot read keeps the stylesheet text colour', () => {
  expect(onColour('')).toBeUndefined()
  expect(onColour('rebeccapurple')).toEqual({ background: 'rebeccapurple' })
})
