/** Tournament-director maths for club events ("Tichu nights"): pure, deterministic from a seed. */
export * from './challenge.js';
export * from './matchpoints.js';
export * from './movement.js';
export { type PastRound, type RoundSeating, seatRotatingRound, type Table } from './rotatingSeating.js';
export * from './standings.js';
export * from './teamMatch.js';
export * from './victoryPoints.js';
