export * from './redeal.js';
export * from './scenario.js';
