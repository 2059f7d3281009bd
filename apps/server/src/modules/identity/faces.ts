/**
 * Face detection and recognition off the main thread: one worker thread per server copy runs the
 * face-api models (SSD MobileNet v1 detector, 68-point landmarks, 128-number ResNet descriptor) on
 * TensorFlow.js's WebAssembly backend. Requests queue in the worker; the event loop stays free.
 * The worker and its models (a few hundred MB) are started by the first request and stopped after
 * a minute without one: verifications come now and then, and reloading costs about a second of a
 * background job.
 */
import { Worker } from 'node:worker_threads';
import { sharp } from '../../lib/sharp';

export interface DetectedFace {
  /** Detector confidence, 0-1. */
  score: number;
  box: { x: number; y: number; width: number; height: number };
  /** 128-number face descriptor: biometric data, kept in memory only for the comparison. */
  descriptor: number[];
}

export interface FaceEngine {
  detect(
    image: Buffer,
    options?: { minConfidence?: number },
  ): Promise<{
    faces: DetectedFace[];
    width: number;
    height: number;
  }>;
  /** Whether the worker (and the models' memory) is loaded now. */
  running(): boolean;
  close(): Promise<void>;
}

/** An idle worker is stopped after this long. */
export const FACE_WORKER_IDLE_MS = 60_000;

/** Longest side given to the detector (faces of a selfie or a document photo stay well resolved). */
const DETECT_SIDE = 640;

export function createFaceEngine({ idleMs = FACE_WORKER_IDLE_MS } = {}): FaceEngine {
  let worker: Worker | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (faces: DetectedFace[]) => void; reject: (error: Error) => void }
  >();
  const stopWhenIdle = (w: Worker) => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (worker !== w || pending.size > 0) return;
      worker = null;
      void w.terminate();
    }, idleMs);
    idleTimer.unref();
  };
  const start = () => {
    const w = new Worker(new URL('./face-worker.mjs', import.meta.url));
    w.on('message', (m: { id: number; faces?: DetectedFace[]; error?: string }) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      // An idle worker never keeps the process alive; a busy one does.
      if (pending.size === 0) {
        w.unref();
        stopWhenIdle(w);
      }
      if (m.error) p.reject(new Error(m.error));
      else p.resolve(m.faces ?? []);
    });
    w.on('error', (error) => {
      for (const p of pending.values()) p.reject(error);
      pending.clear();
      worker = null;
    });
    w.unref();
    return w;
  };
  return {
    async detect(image, options = {}) {
      const { data, info } = await sharp(image)
        .resize({
          width: DETECT_SIDE,
          height: DETECT_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      worker ??= start();
      const id = nextId++;
      const faces = await new Promise<DetectedFace[]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker!.ref();
        worker!.postMessage({
          id,
          data: new Uint8Array(data.buffer, data.byteOffset, data.length),
          width: info.width,
          height: info.height,
          minConfidence: options.minConfidence ?? 0.5,
        });
      });
      return { faces, width: info.width, height: info.height };
    },
    running: () => worker !== null,
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}

export function faceDistance(a: number[], b: number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}
