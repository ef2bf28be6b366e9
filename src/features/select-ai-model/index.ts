export { ModelPicker } from './ui/ModelPicker'
