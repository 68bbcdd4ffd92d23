import { EventType } from '@glm/domain';
import { TRIGGER_FLOWS } from '../../operations/triggers/trigger-flows.ts';

/**
 * What `glm-mock trigger --list` prints: every event type, one a line, with what its trigger does,
 * the requests an override may patch (the main one first: a field without a request name is its) and
 * the existing objects it takes, and the declines of a type whose payment declines.
 */
export function triggerList(): string {
  const width = Math.max(...EventType.options.map((type) => type.length));
  return EventType.options
    .map((type) => {
      const flow = TRIGGER_FLOWS[type];
      const [main, ...others] = flow.requests;
      const requests = [`${main} (main)`, ...others].join(', ');
      const objects = flow.objects.length === 0 ? 'none' : flow.objects.map((name) => `--${name}`).join(', ');
      const declines =
        flow.declines === undefined
          ? ''
          : ` Declines (--decline): ${flow.declines.map((code, index) => (index === 0 ? `${code} (default)` : code)).join(', ')}.`;
      return `${type.padEnd(width)}  ${flow.does}. Requests: ${requests}. Objects: ${objects}.${declines}`;
    })
    .join('\n');
}
