/** React Flow's own stylesheet (global class names), emitted as a file with the editor's chunk. */
declare module '@xyflow/react/dist/style.css'
