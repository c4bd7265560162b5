export { createProgram, type Io } from './program.js';
