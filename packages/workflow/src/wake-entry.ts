// @argseal/workflow/wake: what a process outside the workflows (argseal approve, a script)
// needs to resume waiting runs. A separate entry so that workflow bundles, which import the
// main entry, never pull in the PostgreSQL world or pg.
export { openWorkflowWake, type WorkflowWakeOptions } from './open-wake.js';
