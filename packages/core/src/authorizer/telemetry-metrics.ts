import type { PolicyDecision } from '../policy/types.js';
import type { TelemetryAttributes, TelemetryMeter } from './telemetry-api.js';

/** Tools whose attribute objects are kept; beyond that they are built per record. */
const MAX_TOOLS = 256;

/**
 * Attribute objects made once per (tool, value) and reused, so recording a metric
 * allocates nothing per call (the API's no-op instruments then cost a function call).
 * Frozen: one object serves every record of its series.
 */
function attributeCache(
  make: (tool: string, value: string) => TelemetryAttributes,
): (tool: string, value: string) => TelemetryAttributes {
  const byTool = new Map<string, Map<string, TelemetryAttributes>>();
  return (tool, value) => {
    let byValue = byTool.get(tool);
    if (byValue === undefined) {
      if (byTool.size >= MAX_TOOLS) return make(tool, value);
      byValue = new Map();
      byTool.set(tool, byValue);
    }
    let attributes = byValue.get(value);
    if (attributes === undefined) {
      attributes = Object.freeze(make(tool, value));
      byValue.set(value, attributes);
    }
    return attributes;
  };
}

/**
 * The authorizer's metrics, independent of trace sampling (a call whose span is sampled
 * out is still counted): counter `argseal.decisions` and histogram `argseal.call.duration`.
 */
export interface CallMetrics {
  /** Counts a policy decision of `tool`. */
  decided(tool: string, decision: PolicyDecision): void;
  /** Records the duration (ms) of an `authorizer.call` of `tool` by its outcome. */
  called(tool: string, outcome: string, ms: number): void;
}

/** Creates the instruments once; attributes carry agent, tool, decision or outcome only. */
export function createCallMetrics(meter: TelemetryMeter, agent: string): CallMetrics {
  const decisions = meter.createCounter('argseal.decisions', {
    description: 'Policy decisions of argseal authorizers, by tool and decision',
  });
  const duration = meter.createHistogram('argseal.call.duration', {
    description: 'Duration of authorizer.call, by tool and outcome',
    unit: 'ms',
  });
  const decisionAttributes = attributeCache((tool, decision) => ({
    'argseal.agent': agent,
    'argseal.tool': tool,
    'argseal.decision': decision,
  }));
  const callAttributes = attributeCache((tool, outcome) => ({
    'argseal.agent': agent,
    'argseal.tool': tool,
    'argseal.stage': 'call',
    'argseal.outcome': outcome,
  }));
  return {
    decided: (tool, decision) => decisions.add(1, decisionAttributes(tool, decision.type)),
    called: (tool, outcome, ms) => duration.record(ms, callAttributes(tool, outcome)),
  };
}
