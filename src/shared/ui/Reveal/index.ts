export { Reveal } from './Reveal'
export type { RevealDirection } from './Reveal'
