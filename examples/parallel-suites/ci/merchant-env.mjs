#!/usr/bin/env node
// One CI job's own merchant on a shared glm-mock serve: prints GLM_API_KEY and GLM_MERCHANT_ID lines
// for the job's environment (`node merchant-env.mjs >> "$GITHUB_ENV"`), from the server's key in
// GLM_API_KEY and its address in GLM_BASE_URL. `node merchant-env.mjs --remove` removes the merchant
// of GLM_API_KEY again at the end of the job.
const base = process.env.GLM_BASE_URL ?? 'http://127.0.0.1:4010';
const remove = process.argv.includes('--remove');
const response = await fetch(`${base}/v2/test_helpers/merchants${remove ? '/current' : ''}`, {
  method: remove ? 'DELETE' : 'POST',
  headers: { authorization: `Bearer ${process.env.GLM_API_KEY}`, 'content-type': 'application/json' },
  ...(remove ? {} : { body: JSON.stringify({ name: process.env.GITHUB_JOB ?? 'ci job' }) }),
});
const answer = await response.json();
if (!response.ok) {
  console.error(`glm-mock answered ${response.status}: ${answer.error?.message ?? ''}`);
  process.exit(1);
}
if (!remove) console.log(`GLM_API_KEY=${answer.keys.test}\nGLM_MERCHANT_ID=${answer.id}`);
