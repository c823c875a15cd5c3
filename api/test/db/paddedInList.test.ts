import { paddedInList } from '../../src/db/chunks';

describe('paddedInList', () => {
  it('pads a list to the next power of two with its last value, and leaves an empty list empty', () => {
    expect(paddedInList([])).toEqual([]);
    expect(paddedInList([7])).toEqual([7]);
    expect(paddedInList([1, 2, 3])).toEqual([1, 2, 3, 3]);
    expect(paddedInList([1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
    expect(paddedInList([1, 2, 3, 4, 5]).length).toBe(8);
  });
});
