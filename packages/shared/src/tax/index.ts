export * from './rates.js';
export * from './vat-id.js';
export * from './engine.js';
export * from './schemas.js';
export * from './spread.js';
