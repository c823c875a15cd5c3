import { renderHook } from '@testing-library/react';
import { useUploads } from '../../src/react';

describe('useUploads', () => {
  it("gives every upload the component's one signal, aborted on unmount, and a new one once mounted again", () => {
    const { result, unmount } = renderHook(() => useUploads());
    const first = result.current();
    expect(first.aborted).toBe(false);
    expect(result.current()).toBe(first);
    unmount();
    expect(first.aborted).toBe(true);

    const { result: again } = renderHook(() => useUploads());
    expect(again.current().aborted).toBe(false);
  });
});
