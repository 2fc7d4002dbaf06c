/** Victory points per hand: "2 for the team with more points, 1 each on a tie, 3 for a double victory". */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VP_SCHEME,
  type VpScheme,
  victoryPoints,
  vpSchemeProblem,
  vpSchemeRows,
} from '../../src/events/index.js';

const custom: VpScheme = { win: 3, tie: 1, loss: 0, doubleVictory: 4 };

describe('victoryPoints', () => {
  it.each([
    { rule: 'more points wins', total: [70, 30], dv: null, scheme: DEFAULT_VP_SCHEME, vp: [2, 0] },
    { rule: 'E-W can win too', total: [-70, 170], dv: null, scheme: DEFAULT_VP_SCHEME, vp: [0, 2] },
    { rule: 'a tie gives 1 each', total: [50, 50], dv: null, scheme: DEFAULT_VP_SCHEME, vp: [1, 1] },
    { rule: 'a double victory gives 3', total: [300, 0], dv: 0, scheme: DEFAULT_VP_SCHEME, vp: [3, 0] },
    { rule: "E-W's double victory", total: [-100, 200], dv: 1, scheme: DEFAULT_VP_SCHEME, vp: [0, 3] },
    {
      rule: 'a double victory level on points still counts',
      total: [0, 0],
      dv: 0,
      scheme: DEFAULT_VP_SCHEME,
      vp: [3, 0],
    },
    { rule: 'custom scheme: win', total: [55, 45], dv: null, scheme: custom, vp: [3, 0] },
    { rule: 'custom scheme: tie', total: [150, 150], dv: null, scheme: custom, vp: [1, 1] },
    { rule: 'custom scheme: double victory', total: [200, 0], dv: 0, scheme: custom, vp: [4, 0] },
  ] as const)('$rule', ({ total, dv, scheme, vp }) => {
    expect(victoryPoints(total, dv, scheme)).toEqual(vp);
  });

  it('uses the default scheme when none is given', () => {
    expect(victoryPoints([10, 90], null)).toEqual([0, 2]);
  });
});

describe('vpSchemeProblem', () => {
  it.each([
    { rule: 'the default is fine', scheme: DEFAULT_VP_SCHEME, problem: null },
    { rule: 'all equal is allowed', scheme: { win: 1, tie: 1, loss: 1, doubleVictory: 1 }, problem: null },
    {
      rule: 'negative',
      scheme: { win: 2, tie: 1, loss: -1, doubleVictory: 3 },
      problem: { code: 'not_a_count', outcome: 'loss', value: -1 },
    },
    {
      rule: 'fractional',
      scheme: { win: 1.5, tie: 1, loss: 0, doubleVictory: 3 },
      problem: { code: 'not_a_count', outcome: 'win', value: 1.5 },
    },
    {
      rule: 'tie above win',
      scheme: { win: 1, tie: 2, loss: 0, doubleVictory: 3 },
      problem: { code: 'out_of_order', better: 'win', worse: 'tie' },
    },
    {
      rule: 'loss above tie',
      scheme: { win: 2, tie: 0, loss: 1, doubleVictory: 3 },
      problem: { code: 'out_of_order', better: 'tie', worse: 'loss' },
    },
    {
      rule: 'double victory below win',
      scheme: { win: 2, tie: 1, loss: 0, doubleVictory: 1 },
      problem: { code: 'out_of_order', better: 'doubleVictory', worse: 'win' },
    },
  ])('$rule', ({ scheme, problem }) => {
    expect(vpSchemeProblem(scheme)).toEqual(problem);
  });

  it('describes a scheme as rows, best outcome first', () => {
    expect(vpSchemeRows(DEFAULT_VP_SCHEME)).toEqual([
      { outcome: 'doubleVictory', vp: 3 },
      { outcome: 'win', vp: 2 },
      { outcome: 'tie', vp: 1 },
      { outcome: 'loss', vp: 0 },
    ]);
  });
});
