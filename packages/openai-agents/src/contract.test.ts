import { describeAdapterContract } from '@argseal/test-kit';
import { agentsHarness } from './__fixtures__/harness.js';

describeAdapterContract('openai-agents run()', agentsHarness('generate'));
describeAdapterContract('openai-agents run({ stream: true })', agentsHarness('stream'));
