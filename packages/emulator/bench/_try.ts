import { SandboxPool } from '../src/sandbox/pool.ts';

const pool = new SandboxPool({ size: 2 });
const job = {
  files: [{ name: 'Code', source: 'function add(a,b){return a+b}' }],
  functionName: 'add',
  parameters: [1, 2],
  timeoutMs: 5000,
  memoryLimitBytes: 64 * 1024 * 1024,
};
await pool.run(job);
for (let k = 0; k < 3; k++) {
  const t = performance.now();
  for (let i = 0; i < 100; i++) await pool.run(job);
  console.log('per run ms', (performance.now() - t) / 100, 'spawned', pool.spawned);
}
await pool.close();
