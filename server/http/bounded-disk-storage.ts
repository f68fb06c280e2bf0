import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import type { StorageEngine } from 'multer';

/**
 * A multer storage engine that counts bytes as they arrive and stops a file the moment it
 * breaks a rule: its own size, the request's total, its field's count, or a field the
 * form does not have. multer's disk storage only learns a file's size once it is written,
 * and its busboy limits cannot name the file nor see the request as a whole; here a
 * refused request never has more than its limit on disk. Files live in `dir` (storage/tmp)
 * under random names until the handler moves them, and `removeAll` deletes what is left.
 */
export type UploadRefusal =
  | { kind: 'file-too-large'; fileName: string }
  | { kind: 'total-too-large' }
  | { kind: 'too-many'; field: string }
  | { kind: 'unexpected-field'; field: string };

export interface UploadBounds {
  fields: readonly { name: string; maxCount: number }[];
  maxFileSize: number;
  maxTotalSize: number;
}

class RefusedUpload extends Error {
  constructor(readonly refusal: UploadRefusal) {
    super(`upload refused: ${refusal.kind}`);
  }
}

interface RequestState {
  total: number;
  counts: Map<string, number>;
  /** Every file path this request created, kept or not: removeAll deletes them. */
  paths: Set<string>;
  /** Files still being written: removeAll waits for them, so none reappears after it. */
  writing: Set<Promise<unknown>>;
  refused: boolean;
  onRefusal?: (refusal: UploadRefusal) => void;
}

export class BoundedDiskStorage implements StorageEngine {
  private readonly states = new WeakMap<Request, RequestState>();
  /** The temp folder, created on the first upload (as multer's disk storage does). */
  private folderReady: Promise<unknown> | null = null;

  constructor(
    private readonly dir: string,
    private readonly bounds: UploadBounds,
  ) {}

  private state(req: Request): RequestState {
    let state = this.states.get(req);
    if (!state) {
      state = { total: 0, counts: new Map(), paths: new Set(), writing: new Set(), refused: false };
      this.states.set(req, state);
    }
    return state;
  }

  /** Called once, with the first rule a request breaks, as soon as it breaks it. */
  onRefusal(req: Request, listener: (refusal: UploadRefusal) => void): void {
    this.state(req).onRefusal = listener;
  }

  /**
   * Deletes every file of the request still in the temp folder (moved ones are gone
   * already), once the files being written are closed. Never rejects.
   */
  async removeAll(req: Request): Promise<void> {
    const state = this.states.get(req);
    if (!state) return;
    await Promise.allSettled([...state.writing]);
    const files = [...state.paths];
    state.paths.clear();
    await Promise.allSettled(files.map((file) => rm(file, { force: true })));
  }

  private refuse(state: RequestState, refusal: UploadRefusal): RefusedUpload {
    if (!state.refused) {
      state.refused = true;
      state.onRefusal?.(refusal);
    }
    return new RefusedUpload(refusal);
  }

  _handleFile(
    req: Request,
    file: Express.Multer.File,
    callback: (error?: unknown, info?: Partial<Express.Multer.File>) => void,
  ): void {
    const state = this.state(req);
    const field = this.bounds.fields.find((f) => f.name === file.fieldname);
    if (state.refused) return void callback(new RefusedUpload({ kind: 'total-too-large' }));
    if (!field) return void callback(this.refuse(state, { kind: 'unexpected-field', field: file.fieldname }));
    const count = (state.counts.get(field.name) ?? 0) + 1;
    state.counts.set(field.name, count);
    if (count > field.maxCount)
      return void callback(this.refuse(state, { kind: 'too-many', field: field.name }));

    // A parser that takes no file at all (the text fields of a refused post) opens none:
    // refused before a file is created, so nothing of it can linger on the disk.
    if (this.bounds.maxTotalSize <= 0) return void callback(this.refuse(state, { kind: 'total-too-large' }));

    const target = path.join(this.dir, `upload-${randomBytes(12).toString('hex')}`);
    state.paths.add(target);
    let size = 0;
    const { maxFileSize, maxTotalSize } = this.bounds;
    const counter = new Transform({
      transform: (chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) => {
        size += chunk.length;
        state.total += chunk.length;
        if (size > maxFileSize)
          return done(this.refuse(state, { kind: 'file-too-large', fileName: file.originalname }));
        if (state.total > maxTotalSize) return done(this.refuse(state, { kind: 'total-too-large' }));
        done(null, chunk);
      },
    });
    this.folderReady ??= mkdir(this.dir, { recursive: true }).catch((error: unknown) => {
      this.folderReady = null;
      throw error;
    });
    const written = this.folderReady.then(() => pipeline(file.stream, counter, createWriteStream(target)));
    state.writing.add(written);
    written.then(
      () => {
        state.writing.delete(written);
        callback(null, { destination: this.dir, filename: path.basename(target), path: target, size });
      },
      (error: unknown) => {
        state.writing.delete(written);
        // The partial file goes at once; multer then aborts the request with this error.
        void rm(target, { force: true })
          .catch(() => undefined)
          .finally(() => callback(error));
      },
    );
  }

  _removeFile(req: Request, file: Express.Multer.File, callback: (error: Error | null) => void): void {
    this.states.get(req)?.paths.delete(file.path);
    rm(file.path, { force: true }).then(
      () => callback(null),
      (error: Error) => callback(error),
    );
  }
}
