// The module worker entry for workerd: its default export's `fetch` answers every request.
import { handle } from './merchant-worker.mjs';

// biome-ignore lint/style/noDefaultExport: workerd runs a module worker's default export.
export default { fetch: (request) => handle(request) };
