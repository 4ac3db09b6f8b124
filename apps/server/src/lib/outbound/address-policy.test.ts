import { describe, expect, it, vi } from 'vitest';
import { isReservedName, withoutReservedNames, type Resolver } from './address-policy';

describe('reserved names (RFC 2606 / 6761)', () => {
  it('answer ENOTFOUND without asking the resolver; other names are looked up', async () => {
    const inner = vi.fn<Resolver>(async () => [{ address: '93.184.215.14', family: 4 }]);
    const resolve = withoutReservedNames(inner);
    for (const name of ['summit-publishing.example', 'food.evergreen-digital.EXAMPLE', 'x.example.', 'nothing.invalid'])
      await expect(resolve(name)).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(inner).not.toHaveBeenCalled();
    await expect(resolve('example.com')).resolves.toHaveLength(1);
    await expect(resolve('news.example-site.com')).resolves.toHaveLength(1);
    expect(inner).toHaveBeenCalledTimes(2);
    expect(isReservedName('example')).toBe(true);
    expect(isReservedName('myexample.org')).toBe(false);
  });
});
