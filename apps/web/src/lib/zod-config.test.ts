import { describe, expect, it, vi } from 'vitest';

describe('zod-config', () => {
  it("turns zod's jitless setting on, as zod itself reads it, without a new Function probe", async () => {
    const FunctionSpy = vi.spyOn(globalThis, 'Function');
    await import('./zod-config');
    const { config } = await import('zod/v4/core');
    const { z } = await import('zod');

    expect(config().jitless).toBe(true);
    expect(z.object({ email: z.string() }).parse({ email: 'a@b.co' })).toEqual({ email: 'a@b.co' });
    expect(FunctionSpy).not.toHaveBeenCalled();
    FunctionSpy.mockRestore();
  });
});
