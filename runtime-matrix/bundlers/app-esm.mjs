// The merchant app as an ES module consumer: `import` resolves the SDK's `import` condition (dist/*.js).
import { Glm } from '@glm/sdk';
import { verifyWebhook } from '@glm/sdk/webhooks';
import { runFlow } from './merchant-flow.mjs';

runFlow({ Glm, verifyWebhook }, process.env.BUNDLED_BY ?? 'esm').then(
  (line) => process.stdout.write(`[${process.env.BUNDLED_BY} esm] ${line}\n`),
  (error) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
