// Face detection and description in a worker thread (plain JavaScript: it runs as is from the
// sources and from the build). The models and the WebAssembly runtime come from npm packages
// (@vladmandic/face-api ships its weights in model/; @tensorflow/tfjs-backend-wasm its .wasm
// files): nothing is downloaded at run time.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
let ready = null;

async function load() {
  const tf = require('@tensorflow/tfjs');
  const wasm = require('@tensorflow/tfjs-backend-wasm');
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
  wasm.setWasmPaths(`${wasmDir}${path.sep}`);
  await tf.setBackend('wasm');
  await tf.ready();
  const modelDir = path.join(
    path.dirname(require.resolve('@vladmandic/face-api/package.json')),
    'model',
  );
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);
  return { tf, faceapi };
}

async function detect({ data, width, height, minConfidence }) {
  ready ??= load();
  const { tf, faceapi } = await ready;
  const input = tf.tensor3d(data, [height, width, 3], 'int32');
  try {
    const found = await faceapi
      .detectAllFaces(input, new faceapi.SsdMobilenetv1Options({ minConfidence, maxResults: 10 }))
      .withFaceLandmarks()
      .withFaceDescriptors();
    return found.map((f) => ({
      score: f.detection.score,
      box: {
        x: f.detection.box.x,
        y: f.detection.box.y,
        width: f.detection.box.width,
        height: f.detection.box.height,
      },
      descriptor: Array.from(f.descriptor),
    }));
  } finally {
    input.dispose();
  }
}

parentPort.on('message', async (message) => {
  try {
    const faces = await detect(message);
    parentPort.postMessage({ id: message.id, faces });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: String(error?.stack ?? error) });
  }
});
