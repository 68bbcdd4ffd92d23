// Child of the ready benchmark: a fresh process that imports the package and creates services, timing
// the import, the first (cold) createMockService() and later (warm) ones. Prints one JSON line.
const started = performance.now();
const { createMockService } = await import('@glm/mock-server');
const imported = performance.now();
createMockService();
const cold = performance.now();
const warm = [];
for (let i = 0; i < 20; i++) {
  const t = performance.now();
  createMockService();
  warm.push(performance.now() - t);
}
warm.sort((a, b) => a - b);
process.stdout.write(
  `${JSON.stringify({ importMs: imported - started, coldMs: cold - imported, warmMs: warm[10] })}\n`,
);
