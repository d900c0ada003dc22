// Loaded into the server under test (NODE_OPTIONS=--import): how long the main thread held the
// event loop, as the CPU it spent between two turns of a 2 ms timer. CPU, not wall time: on a
// shared machine a turn's wall time also counts the time other processes had the core.
// And, on SIGUSR2, the heap still held after a full collection (what the caches retain).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const TICK_MS = 2;
let wall = performance.now();
let cpu = process.threadCpuUsage();
let maxCpuMs = 0;
let maxWallMs = 0;
setInterval(() => {
  const nowWall = performance.now();
  const nowCpu = process.threadCpuUsage();
  const cpuMs = (nowCpu.user + nowCpu.system - cpu.user - cpu.system) / 1000;
  maxCpuMs = Math.max(maxCpuMs, cpuMs);
  maxWallMs = Math.max(maxWallMs, nowWall - wall);
  wall = nowWall;
  cpu = nowCpu;
}, TICK_MS).unref();
setInterval(() => {
  process.stdout.write(`${JSON.stringify({ msg: 'loop blocks', maxCpuMs, maxWallMs })}\n`);
  maxCpuMs = 0;
  maxWallMs = 0;
}, 1_000).unref();

// SIGUSR2: a full garbage collection, then the heap that is still held (what caches retain).
const gc = runInNewContext('gc') as () => void;
process.on('SIGUSR2', () => {
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  process.stdout.write(`${JSON.stringify({ msg: 'heap after gc', heapUsed, rss })}\n`);
});
