// The SDK's CPU per GET call next to the peer SDKs (openai, anthropic, stripe), ky alone and plain
// `fetch`, every client against the same canned `fetch` answering the same ~2.5 kB JSON with no network
// (bench/lib/peers.mjs), then through msw and over loopback: each client alone in a fresh process, the
// clients alternating round by round (bench/lib/sdk-overhead.mjs).
import { peerTasks } from '../peers.mjs';
import { sdkBaseCommit } from '../sdk-base.mjs';
import { CALL_ROUNDS, CALLS, cannedCpu, loopbackOverhead, mswOverhead } from '../sdk-overhead.mjs';
import { format, progress, runSection } from '../section.mjs';

/** A difference in µs with its sign: `+12.3 µs`, `−4.0 µs`. */
const signed = (value) => `${value < 0 ? '−' : '+'}${format(Math.abs(value), 1)} µs`;

/**
 * With --sdk-base, what this build's two clients cost per call against the earlier build's, measured in
 * the same rounds (`where`: the path, `cpu`: the medians, `notes`: how they were taken).
 */
function againstEarlierBuild(where, cpu, notes) {
  if (!cpu.has('glm-off-base')) return [];
  return ['glm', 'glm-off'].map((name) => ({
    figure: `SDK CPU per call ${where}, this build against the earlier one: \`glm.orders.get(id)\`${name === 'glm' ? '' : ', `validateResponses: off`'}`,
    baseline: `the same call on the SDK as built at ${sdkBaseCommit()}`,
    value: `${format(cpu.get(name), 1)} µs`,
    baselineValue: `${format(cpu.get(`${name}-base`), 1)} µs`,
    ratio: signed(cpu.get(name) - cpu.get(`${name}-base`)),
    target: 'reported',
    met: null,
    notes: `${notes}; ky ${signed(cpu.get(name) - cpu.get('ky'))} here, ky ${signed(cpu.get(`${name}-base`) - cpu.get('ky'))} for the earlier build`,
  }));
}

/** How each per-call figure is taken, for the notes. */
const METHOD = `median of ${CALL_ROUNDS} rounds, each client alone in a fresh process (${format(CALLS)} calls after ${format(CALLS / 2)} unmeasured), clients alternating`;

runSection(async () => {
  const { tasks, bytes } = await peerTasks();
  const cpu = await cannedCpu(tasks.map(([name]) => name));
  const label = new Map(tasks.map(([name, text]) => [name, text]));
  const us = (name) => cpu.get(name);
  progress([...cpu].map(([name, value]) => `${name} ${format(value, 1)} µs`).join(', '));
  const cannedNoise = Math.abs(us('ky') - us('ky-twin'));
  const notes = `process CPU per call, ${METHOD}; canned \`fetch\` answering the same ${format(bytes)}-byte JSON; two identical ky clients differ by ${format(cannedNoise, 1)} µs (the figure's noise)`;
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
      ratio: signed(us(name) - kyAlone),
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
    notes: `${notes}; ky alone is ${format(kyAlone / slowestPeer, 2)} × of it (bench/TARGETS.md)`,
  });
  // Hooks: a client without hooks runs none, so its cost per call is the `validateResponses:
  // off` row above; this row is what one no-op hook of each kind adds once set.
  figures.push({
    figure: `Hooks: CPU per call, ${label.get('glm-hooks')}`,
    baseline: `${label.get('glm-off')}, no hooks (the client's default)`,
    value: `${format(us('glm-hooks'), 1)} µs`,
    baselineValue: `${format(us('glm-off'), 1)} µs`,
    ratio: signed(us('glm-hooks') - us('glm-off')),
    target: 'reported: none set costs nothing (no ky hook)',
    met: null,
    notes: `${notes}; a client without hooks runs none and reads no clock, so its row above (ky ${signed(us('glm-off') - kyAlone)}) is the cost when none is set; with hooks each is an awaited call, fed from the answer the SDK already read (no copy of the response)`,
  });
  figures.push(...againstEarlierBuild('on a canned `fetch`', cpu, notes));
  for (const name of ['openai', 'anthropic', 'stripe', 'ky', 'ky-lean']) {
    figures.push({
      figure: `Peers: CPU per call, ${label.get(name)}`,
      baseline: label.get('fetch'),
      value: `${format(us(name), 1)} µs`,
      baselineValue: `${format(us('fetch'), 1)} µs`,
      ratio: signed(us(name) - us('fetch')),
      target: 'reported',
      met: null,
      notes: `${notes}; \`glm.orders.get\` is ${format(us('glm') / us(name), 2)} × of it`,
    });
  }
  // What the SDK adds above plain `fetch` of the same request, through msw and over loopback, against
  // ky's own cost on the same path + 25 µs: the SDK is on ky, and ky costs more on a real transport than
  // against the canned `fetch` (its `Request`, clone and signals are handed to msw and undici).
  const cannedKyCost = kyAlone - us('fetch');
  const msw = await mswOverhead();
  progress([...msw].map(([name, value]) => `msw ${name} ${format(value, 1)} µs`).join(', '));
  const loopback = await loopbackOverhead();
  progress([...loopback].map(([name, value]) => `loopback ${name} ${format(value, 1)} µs`).join(', '));
  for (const [where, cpu, note] of [
    [
      'through msw',
      msw,
      `msw 2.15 \`setupServer\` with \`mockHandlers\`, the mock service in this process; the service's own share (plain \`fetch\` of the mock ${format(msw.get('fetch'), 1)} µs − a bare msw handler answering the same JSON ${format(msw.get('bare'), 1)} µs) is ${format(msw.get('fetch') - msw.get('bare'), 1)} µs`,
    ],
    ['over loopback', loopback, 'the standalone server in a child process (its CPU not counted)'],
  ]) {
    const kyCost = cpu.get('ky') - cpu.get('fetch');
    const noise = Math.abs(cpu.get('ky') - cpu.get('ky-twin'));
    const budget = kyCost + 25;
    figures.push({
      figure: `ky's own CPU above plain \`fetch\` ${where}: ${label.get('ky')}`,
      baseline: `plain \`fetch\` + \`json()\` of the same request ${where}`,
      value: `${format(cpu.get('ky'), 1)} µs`,
      baselineValue: `${format(cpu.get('fetch'), 1)} µs`,
      ratio: signed(kyCost),
      target: 'reported',
      met: null,
      notes: `${note}; against the canned \`fetch\` ky adds ${format(cannedKyCost, 1)} µs; a second, identical ky client measured ${format(cpu.get('ky-twin'), 1)} µs (the figure's noise: ${format(noise, 1)} µs)`,
    });
    for (const name of ['glm', 'glm-off']) {
      const added = cpu.get(name) - cpu.get('fetch');
      figures.push({
        figure: `SDK CPU added above plain \`fetch\` ${where}: ${label.get(name)}`,
        baseline: `plain \`fetch\` + \`json()\` of the same request ${where}`,
        value: `${format(cpu.get(name), 1)} µs`,
        baselineValue: `${format(cpu.get('fetch'), 1)} µs`,
        ratio: `${signed(added)} (ky ${signed(cpu.get(name) - cpu.get('ky'))})`,
        target: `≤ ky + 25 µs (${format(budget, 1)} µs)`,
        met: added <= budget,
        notes: `process CPU per call, ${METHOD}; ${note}; budget: ky's own cost on the same path (previous row) + 25 µs; the two ky clients differ by ${format(noise, 1)} µs`,
      });
    }
    figures.push(...againstEarlierBuild(where, cpu, `process CPU per call, ${METHOD}; ${note}`));
  }
  return figures;
});
