// The merchant app as a CommonJS consumer: `require` resolves the SDK's `require` condition (dist/*.cjs).
const { Glm } = require('@glm/sdk');
const { verifyWebhook } = require('@glm/sdk/webhooks');
const { runFlow } = require('./merchant-flow.mjs');

runFlow({ Glm, verifyWebhook }, process.env.BUNDLED_BY ?? 'cjs').then(
  (line) => process.stdout.write(`[${process.env.BUNDLED_BY} cjs] ${line}\n`),
  (error) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
