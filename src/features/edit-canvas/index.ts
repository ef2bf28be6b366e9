export { CanvasEditor } from './ui/CanvasEditor'
