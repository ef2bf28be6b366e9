export { HeadedList, TitledItems } from './TextList'
