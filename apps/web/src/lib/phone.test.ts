import { describe, expect, it } from 'vitest';
import { phoneFieldText } from './phone';

describe('phoneFieldText', () => {
  it.each([
    ['+91 98765 43210', '9876543210'],
    ['\u202a+91 98765 43210\u202c', '9876543210'],
    ['91 98765 43210', '9876543210'],
    ['098765-43210', '9876543210'],
    ['(98765) 43210', '9876543210'],
    ['98765 43210', '98765 43210'],
    ['9876543210', '9876543210'],
    ['98765', '98765'],
    ['+91 98', '+91 98'],
    ['98a765', '98765'],
  ])('%j shows %j', (pasted, shown) => {
    expect(phoneFieldText(pasted)).toBe(shown);
  });
});
