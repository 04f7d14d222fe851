import type { HandledCommand } from '../runtime/command-processor';
import type { Metrics } from './metrics';

/**
 * `zulip_command_duration_seconds{type, kind, outcome}`: how long the service took over each
 * command and query, from taking it off its topic to its reply (outcome: `ok` or the Zulip error code).
 */
export function commandMetrics(metrics: Metrics): (handled: HandledCommand) => void {
  const duration = metrics.histogram(
    'zulip_command_duration_seconds',
    'Time from taking a command or query off the commands topic to its reply, by outcome.',
    ['type', 'kind', 'outcome'],
  );
  return ({ type, kind, seconds, error }) => duration.observe({ type, kind, outcome: error ?? 'ok' }, seconds);
}
