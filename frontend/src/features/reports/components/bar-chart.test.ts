import { describe, expect, it } from 'vitest';

import { axisSteps } from './bar-chart';

describe('axisSteps', () => {
  it.each([
    [0, { top: 1, step: 1 }],
    [1, { top: 1, step: 1 }],
    [3, { top: 3, step: 1 }],
    [7, { top: 8, step: 2 }],
    [12, { top: 15, step: 5 }],
    [37, { top: 40, step: 10 }],
    [480, { top: 600, step: 200 }],
  ])('rounds %i up to a whole number of steps', (max, steps) => {
    expect(axisSteps(max)).toEqual(steps);
  });
});
