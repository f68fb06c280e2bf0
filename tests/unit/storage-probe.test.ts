import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The storage probe of readiness and deletes (server/storage/writable.ts) on a full disk:
 * the probe file is created, its write fails with ENOSPC. The probe must answer the 503 of
 * storage and leave no `.probe-*` file behind, however often it is refused.
 */

const failing = vi.hoisted(() => ({ write: null as NodeJS.ErrnoException | null }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const open = async (...args: Parameters<typeof real.open>): Promise<FileHandle> => {
    const handle = await real.open(...args);
    if (!failing.write) return handle;
    const error = failing.write;
    // A disk that gave the file its entry but has no block left for its bytes.
    return new Proxy(handle, {
      get(target, name, receiver) {
        if (name === 'write') return async () => Promise.reject(error);
        const value: unknown = Reflect.get(target, name, receiver);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  };
  return { ...real, default: { ...real, open }, open };
});

const { ensureWritable } = await import('#server/storage/writable');
const { ServiceUnavailableError } = await import('#server/errors');

describe('the storage probe on a disk that refuses writes', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'edifier-sonde-'));
  });
  afterEach(() => {
    failing.write = null;
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes a write and removes its probe file', async () => {
    await ensureWritable([dir]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('answers the 503 of storage and leaves no .probe-* file when the write fails (ENOSPC)', async () => {
    failing.write = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      syscall: 'write',
    });
    for (let i = 0; i < 3; i += 1) {
      const refused = ensureWritable([dir]);
      await expect(refused).rejects.toBeInstanceOf(ServiceUnavailableError);
      await expect(refused).rejects.toMatchObject({ failing: 'storage', cause: { code: 'ENOSPC' } });
    }
    expect(readdirSync(dir)).toEqual([]);
  });
});
