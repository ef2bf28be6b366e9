export { DataVisualizationPage } from './ui/DataVisualizationPage'
