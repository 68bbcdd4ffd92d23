// The SDK's CPU per GET call next to the peer SDKs (openai, anthropic, stripe), ky alone and plain
// `fetch`, every client against the same canned `fetch` answering the same ~2.5 kB JSON with no network
// (bench/lib/peers.mjs): median of rounds in which the clients alternate, all in this one process.
import { peerCpu, peerTasks } from '../peers.mjs';
import { loopbackOverhead, mswOverhead } from '../sdk-overhead.mjs';
import { format, progress, runSection } from '../section.mjs';

const ROUNDS = 7;
const CALLS = 2000;

runSection(async () => {
  const { tasks, bytes } = await peerTasks();
  const cpu = await peerCpu(tasks, { rounds: ROUNDS, calls: CALLS });
  const label = new Map(tasks.map(([name, text]) => [name, text]));
  const us = (name) => cpu.get(name);
  progress([...cpu].map(([name, value]) => `${name} ${format(value, 1)} µs`).join(', '));
  const notes = `process CPU per call, median of ${ROUNDS} rounds × ${CALLS} calls, clients alternating; canned \`fetch\` answering the same ${format(bytes)}-byte JSON`;
  const kyAlone = us('ky');
  const slowestPeer = Math.max(us('openai'), us('anthropic'), us('stripe'));
  const slowestName = ['openai', 'anthropic', 'stripe'].find((name) => us(name) === slowestPeer);
  const figures = [];
  for (const name of ['glm', 'glm-off']) {
    figures.push({
      figure: `Peers: CPU per call, ${label.get(name)}`,
      baseline: label.get('ky'),
      value: `${format(us(name), 1)} µs`,
      baselineValue: `${format(kyAlone, 1)} µs`,
      ratio: `+${format(us(name) - kyAlone, 1)} µs`,
      target: '≤ ky + 25 µs',
      met: us(name) - kyAlone <= 25,
      notes: `${notes}; ${format(us(name) / us('fetch'), 2)} × plain \`fetch\` + \`json()\``,
    });
  }
  figures.push({
    figure: `Peers: CPU per call, ${label.get('glm')} against the slowest peer`,
    baseline: `${label.get(slowestName)}, the slowest of openai, anthropic, stripe`,
    value: `${format(us('glm'), 1)} µs`,
    baselineValue: `${format(slowestPeer, 1)} µs`,
    ratio: `${format(us('glm') / slowestPeer, 2)} ×`,
    target: '≤ 1 × (where ky allows)',
    met: us('glm') <= slowestPeer,
    notes: `${notes}; ky alone is ${format(kyAlone / slowestPeer, 2)} × of it (bench/NOTES.md)`,
  });
  for (const name of ['openai', 'anthropic', 'stripe', 'ky', 'ky-lean']) {
    figures.push({
      figure: `Peers: CPU per call, ${label.get(name)}`,
      baseline: label.get('fetch'),
      value: `${format(us(name), 1)} µs`,
      baselineValue: `${format(us('fetch'), 1)} µs`,
      ratio: `+${format(us(name) - us('fetch'), 1)} µs`,
      target: 'reported',
      met: null,
      notes: `${notes}; \`glm.orders.get\` is ${format(us('glm') / us(name), 2)} × of it`,
    });
  }
  // What the SDK adds above plain `fetch` of the same request, through msw and over loopback, against
  // ky's own cost above plain `fetch` (the canned rows above) + 25 µs.
  const kyCost = kyAlone - us('fetch');
  const budget = kyCost + 25;
  const msw = await mswOverhead();
  progress([...msw].map(([name, value]) => `msw ${name} ${format(value, 1)} µs`).join(', '));
  const loopback = await loopbackOverhead();
  progress([...loopback].map(([name, value]) => `loopback ${name} ${format(value, 1)} µs`).join(', '));
  const overheadNotes = (where) =>
    `CPU of this process per call, median of 7 alternating rounds; ${where}; budget: ky's own cost against the canned \`fetch\` (${format(kyCost, 1)} µs) + 25 µs`;
  for (const [where, cpu, note] of [
    [
      'through msw',
      msw,
      `msw 2.15 \`setupServer\` with \`mockHandlers\`, the mock service in this process; the service's own share (plain \`fetch\` of the mock ${format(msw.get('fetch'), 1)} µs − a bare msw handler answering the same JSON ${format(msw.get('bare'), 1)} µs) is ${format(msw.get('fetch') - msw.get('bare'), 1)} µs`,
    ],
    ['over loopback', loopback, 'the standalone server in a child process (its CPU not counted)'],
  ]) {
    for (const name of ['glm', 'glm-off']) {
      const added = cpu.get(name) - cpu.get('fetch');
      figures.push({
        figure: `SDK CPU added above plain \`fetch\` ${where}: ${label.get(name)}`,
        baseline: `plain \`fetch\` + \`json()\` of the same request ${where}`,
        value: `${format(cpu.get(name), 1)} µs`,
        baselineValue: `${format(cpu.get('fetch'), 1)} µs`,
        ratio: `+${format(added, 1)} µs`,
        target: `≤ ky + 25 µs (${format(budget, 1)} µs)`,
        met: added <= budget,
        notes: overheadNotes(note),
      });
    }
  }
  return figures;
});
