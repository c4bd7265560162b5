// The determinizer is production code beside the view; tests keep importing it from here.
export { redealNemesis } from '../views/redeal.js';
export * from './scenario.js';
