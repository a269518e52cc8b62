import { expect, test } from 'vitest'
import { cssColour, onColour } from './colour'

test('white text stays on a dark enough colour', () => {
  expect(onColour('#0958d9')).toEqual({ background: '#0958d9', color: '#ffffff' })
  expect(onColour('#ad4e00')).toEqual({ background: '#ad4e00', color: '#ffffff' })
})

test('a colour white text cannot be read on gets black text (#1677ff gives white 4.1:1)', () => {
  expect(onColour('#1677ff')).toEqual({ background: '#1677ff', color: '#000000' })
  expect(onColour('#ff7a00')).toEqual({ background: '#ff7a00', color: '#000000' })
  expect(onColour('#FFF')).toEqual({ background: '#FFF', color: '#000000' })
})

test('no colour, or anything that is no CSS colour, keeps the stylesheet', () => {
  expect(onColour('')).toBeUndefined()
  expect(onColour('red;background:url(https://evil.example/x)')).toBeUndefined()
  expect(onColour('url(x)')).toBeUndefined()
})

test('every CSS colour notation gets its readable text colour', () => {
  expect(onColour('rebeccapurple')).toEqual({ background: 'rebeccapurple', color: '#ffffff' })
  expect(onColour('Gold')).toEqual({ background: 'Gold', color: '#000000' })
  expect(onColour('rgb(9, 88, 217)')).toEqual({ background: 'rgb(9, 88, 217)', color: '#ffffff' })
  expect(onColour('hsl(30deg 100% 50%)')).toEqual({ background: 'hsl(30deg 100% 50%)', color: '#000000' })
  // A see-through colour is read over the white it sits on.
  expect(onColour('#0958d920')).toEqual({ background: '#0958d920', color: '#000000' })
  expect(onColour('transparent')).toEqual({ background: 'transparent', color: '#000000' })
})

test.each([
  ['#0958d9', [9, 88, 217, 1]],
  ['#FFF', [255, 255, 255, 1]],
  ['#0008', [0, 0, 0, 0x88 / 255]],
  ['rgb(9,88,217)', [9, 88, 217, 1]],
  ['RGBA( 9 , 88 , 217 , .5 )', [9, 88, 217, 0.5]],
  ['rgb(9 88 217 / 25%)', [9, 88, 217, 0.25]],
  ['rgb(100%, 0%, 50%)', [255, 0, 128, 1]],
  ['rgb(300, -5, 0)', [255, 0, 0, 1]],
  ['hsl(0, 100%, 50%)', [255, 0, 0, 1]],
  ['hsla(120deg, 100%, 25%, 0.5)', [0, 128, 0, 0.5]],
  ['hsl(240 100% 50% / 1)', [0, 0, 255, 1]],
  ['navy', [0, 0, 128, 1]],
  ['transparent', [0, 0, 0, 0]],
])('%s is the colour %j', (text, rgba) => {
  expect(cssColour(text)).toEqual(rgba)
})

test.each([
  '#abcde',
  '#ggg',
  'rgb(1, 2)',
  'rgb(1, 2, 3, 4, 5)',
  'rgb(1 2, 3)',
  'rgb(1,2,3) x',
  'hsl(1, 2, 3)',
  'bluish',
  'currentcolor',
  'inherit',
  'url(x)',
  'red;x',
  'expression(alert(1))',
  '',
])('%j is no colour', (text) => {
  expect(cssColour(text)).toBeNull()
})
